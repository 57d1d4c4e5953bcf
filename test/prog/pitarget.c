/*
 * pitarget: the traced program of the sched:::change-pri test.  The main
 * thread takes a priority-inheritance mutex and starts a thread that
 * raises its own priority (nice -10, kernel prio 110) and blocks on the
 * mutex: the kernel lends that priority to the main thread (its first
 * change-pri, to 110) until the main thread unlocks 200 ms later (its
 * second, back to its own 120).  Exits 0, or 1 if a step failed.
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t pi_lock;

static void *
waiter(void *arg)
{
	(void) arg;
	if (setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), -10) != 0)
		return ((void *)1);
	pthread_mutex_lock(&pi_lock);
	pthread_mutex_unlock(&pi_lock);
	return (NULL);
}

int
main(void)
{
	pthread_mutexattr_t ma;
	struct timespec ts = { 0, 200000000 };
	pthread_t t;
	void *rv;

	pthread_mutexattr_init(&ma);
	if (pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT) != 0 ||
	    pthread_mutex_init(&pi_lock, &ma) != 0)
		return (1);
	pthread_mutex_lock(&pi_lock);
	if (pthread_create(&t, NULL, waiter, NULL) != 0)
		return (1);
	nanosleep(&ts, NULL);
	pthread_mutex_unlock(&pi_lock);
	pthread_join(t, &rv);
	return (rv != NULL);
}
