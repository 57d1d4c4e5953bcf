/*
 * holdid: the numbers a session's holder gives the execs it holds
 * (dt_hold_newid(), libdtrace/probes/dt_hold.c), through their wrap
 * after 2^32 execs: from 2^32 - 2 on, the ids go 0xfffffffe, 0xffffffff,
 * then 1, never 0 (the number of the session's own messages, which the
 * holder would take for "a command of the session's runs" and leave the
 * exec held to its budget); an id still held is skipped, so two holds
 * never share one; and /proc/PID/stat's parser (dt_procfs_stat()) gives
 * this process's parent and a start no later than now.
 */
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "core/dt_impl.h"
#include "probes/dt_probe.h"
#include "proc/dt_procfs.h"

#include "check.h"

/* The ids held in this test. */
static uint32_t held[4];
static unsigned int nheld;

static bool
inuse(uint32_t id, void *arg)
{
	(void) arg;
	for (unsigned int i = 0; i < nheld; i++) {
		if (held[i] == id)
			return (true);
	}
	return (false);
}

int
main(void)
{
	uint32_t next = UINT32_MAX - 1;
	unsigned long long start, up;
	struct timespec ts;
	pid_t ppid;

	/* the wrap: 0 skipped */
	CHECK(dt_hold_newid(&next, inuse, NULL) == UINT32_MAX - 1);
	CHECK(dt_hold_newid(&next, inuse, NULL) == UINT32_MAX);
	CHECK(dt_hold_newid(&next, inuse, NULL) == 1);
	CHECK(dt_hold_newid(&next, inuse, NULL) == 2);

	/* ids still held (from before the wrap) are skipped */
	next = UINT32_MAX;
	held[nheld++] = UINT32_MAX;
	held[nheld++] = 1;
	held[nheld++] = 3;
	CHECK(dt_hold_newid(&next, inuse, NULL) == 2);
	CHECK(dt_hold_newid(&next, inuse, NULL) == 4);
	/* a full turn never gives 0 nor a held id */
	next = 0;
	for (unsigned int i = 0; i < 8; i++) {
		uint32_t id = dt_hold_newid(&next, inuse, NULL);

		CHECK(id != 0 && !inuse(id, NULL));
	}

	/* one parser of /proc/PID/stat */
	CHECK(dt_procfs_stat(getpid(), &ppid, &start) == 0);
	CHECK(ppid == getppid());
	clock_gettime(CLOCK_BOOTTIME, &ts);
	up = (unsigned long long)(ts.tv_sec + 1) * (unsigned long long)
	    sysconf(_SC_CLK_TCK);
	CHECK(start > 0 && start <= up);
	CHECK(dt_procfs_stat(getpid(), NULL, NULL) == 0);
	CHECK(dt_procfs_stat(-1, &ppid, NULL) != 0);
	return (check_done("holdid"));
}
