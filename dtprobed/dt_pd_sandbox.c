/*
 * dt_pd_sandbox.c: run untrusted parsing in a child that can do no harm.
 *
 * The daemon reads ELF files of any process on the machine, as root: a
 * file crafted to exploit the ELF reader must not take the daemon over.
 * So the daemon opens the files itself and hands the descriptors to a
 * forked child, which before it reads a byte:
 *
 *  - closes every other descriptor (the netlink socket, the registry
 *    directory, the pid file: nothing to abuse);
 *  - dies with the daemon (PR_SET_PDEATHSIG), writes no core, creates no
 *    file (RLIMIT_FSIZE 0), runs at most 1 CPU second (RLIMIT_CPU:
 *    SIGXCPU), and may map at most DT_PD_ASMORE bytes more than the
 *    daemon had when it forked (RLIMIT_AS: its allocations fail past
 *    that);
 *  - becomes a user and group of its own (dt_pd_sandbox_uid(): an id no
 *    account has, so that no other process may signal or trace it, as
 *    any process of nobody could) with no supplementary groups (which
 *    drops every capability), sets no_new_privs and turns off dumping;
 *  - installs a seccomp filter (plain classic BPF, SECCOMP_MODE_FILTER):
 *    on x86_64 only read, write, close, fstat (and newfstatat, which
 *    glibc's fstat is), getuid, getgid, getrandom, lseek, pread64, fcntl
 *    F_GETFD and F_GETFL (libelf checks its descriptor), mmap without
 *    PROT_EXEC, munmap, mremap, brk, madvise, exit and
 *    exit_group are allowed; any other call kills the child
 *    (SECCOMP_RET_KILL_PROCESS): no open, no socket, no exec, no fork,
 *    no mprotect, no kill.
 *
 * Whatever it read, all it can do is write to its pipe, which the parent
 * reads with a deadline (DT_PD_TIMEOUT) and a size limit (DT_PD_OUTMAX)
 * and then checks line by line: a child that crashes, hangs or babbles
 * costs only the file it was reading.  The daemon runs one child per
 * file not read before (it caches results by file identity), so the
 * fork is paid once per new binary, not per exec; dt_pd_sandbox_start()
 * returns at once, for the daemon's event loop to wait on the child.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "dt_pd.h"

#define ALLOW(nr) \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

/* The filter: the system calls reading a file and memory may need. */
static int
filter_install(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
		/* the x32 ABI's calls have bit 30 set: not ours */
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		ALLOW(__NR_read),
		ALLOW(__NR_write),
		ALLOW(__NR_close),
		ALLOW(__NR_fstat),
		ALLOW(__NR_newfstatat),	/* fstat() in glibc */
		ALLOW(__NR_getuid),
		ALLOW(__NR_getgid),
		ALLOW(__NR_getrandom),	/* malloc's tcache key */
		ALLOW(__NR_lseek),
		ALLOW(__NR_pread64),
		ALLOW(__NR_munmap),
		ALLOW(__NR_mremap),
		ALLOW(__NR_brk),
		ALLOW(__NR_madvise),
		ALLOW(__NR_exit),
		ALLOW(__NR_exit_group),
		ALLOW(__NR_rt_sigreturn),
		/* fcntl: only asking about a descriptor (libelf checks it) */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_fcntl, 0, 5),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, args[1])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_GETFD, 1, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_GETFL, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		/* mmap: not executable memory (prot is argument 2) */
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mmap, 0, 4),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, args[2])),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
	};
	struct sock_fprog prog = {
		.len = (unsigned short)(sizeof (f) / sizeof (f[0])),
		.filter = f,
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		return (-1);
	return (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0));
}

uid_t
dt_pd_sandbox_uid(void)
{
	static uid_t uid;
	static bool chosen;

	if (chosen)
		return (uid);
	uid = (uid_t)-1;
	for (uid_t id = DT_PD_UID_LO; id <= DT_PD_UID_HI; id++) {
		if (getpwuid(id) == NULL && getgrgid((gid_t)id) == NULL) {
			uid = id;
			break;
		}
	}
	chosen = true;
	return (uid);
}

/* The address space of this process, in bytes (0 if unknown). */
static uint64_t
as_size(void)
{
	unsigned long long pages = 0;
	FILE *fp = fopen("/proc/self/statm", "re");

	if (fp == NULL)
		return (0);
	if (fscanf(fp, "%llu", &pages) != 1)
		pages = 0;
	fclose(fp);
	return ((uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE));
}

/* The child: shed everything, then run fn.  Never returns. */
static void
child(const int *keep, unsigned int nkeep, dt_pd_fn_t *fn, void *arg,
    int outfd, uid_t uid, uint64_t as)
{
	struct rlimit cpu = { 1, 2 }, zero = { 0, 0 };	/* SIGXCPU at 1 s */
	struct rlimit asl = { as, as };
	gid_t gid = (gid_t)uid;
	unsigned int lo = 0;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0)
		_exit(126);
	/*
	 * No handler of the daemon's, nor a sanitizer's (which would read
	 * files to report a fault), runs in here: the raw call, which no
	 * sanitizer intercepts.
	 */
	for (int sig = 1; sig < NSIG; sig++) {
		struct {
			void (*ks_handler)(int);	/* SIG_DFL */
			unsigned long ks_flags;		/* none */
			void (*ks_restorer)(void);	/* none */
			uint64_t ks_mask;		/* none blocked */
		} ks = { SIG_DFL, 0, NULL, 0 };

		(void) syscall(__NR_rt_sigaction, sig, &ks, NULL,
		    sizeof (ks.ks_mask));
	}
	/* close the ranges between the descriptors kept, in order */
	for (;;) {
		unsigned int hi = ~0U;

		for (unsigned int i = 0; i <= nkeep; i++) {
			int fd = i < nkeep ? keep[i] : outfd;

			if (fd >= 0 && (unsigned int)fd >= lo &&
			    (unsigned int)fd < hi)
				hi = (unsigned int)fd;
		}
		if (hi > lo && syscall(__NR_close_range, lo,
		    hi == ~0U ? ~0U : hi - 1, 0) != 0)
			_exit(126);
		if (hi == ~0U)
			break;
		lo = hi + 1;
	}
	if (uid == (uid_t)-1 || setrlimit(RLIMIT_CPU, &cpu) != 0 ||
	    setrlimit(RLIMIT_FSIZE, &zero) != 0 ||
	    setrlimit(RLIMIT_CORE, &zero) != 0 ||
	    setgroups(1, &gid) != 0 ||
	    setresgid(gid, gid, gid) != 0 ||
	    setresuid(uid, uid, uid) != 0 ||
	    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
		_exit(126);
	/* the allocator set up (its tcache, its first pages) before */
	free(malloc(16));
	free(malloc(64 << 10));
	/* a sanitizer's shadow memory is address space too: no limit there */
	if (as != 0 && setrlimit(RLIMIT_AS, &asl) != 0)
		_exit(126);
	if (filter_install() != 0)
		_exit(126);
	fn(arg, outfd);
	/* the raw call: no exit handler (a sanitizer's leak check) runs */
	syscall(__NR_exit_group, 0);
	_exit(0);
}

static long
ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return ((t.tv_sec - t0->tv_sec) * 1000 +
	    (t.tv_nsec - t0->tv_nsec) / 1000000);
}

int
dt_pd_sandbox_start(const int *keep, unsigned int nkeep, dt_pd_fn_t *fn,
    void *arg, pid_t *pidp, int *fdp)
{
	uid_t uid = dt_pd_sandbox_uid();
	uint64_t as = as_size();
	int pfd[2];
	pid_t pid;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	as = 0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
	as = 0;
#endif
#endif
	if (as != 0)
		as += DT_PD_ASMORE;
	if (pipe2(pfd, O_CLOEXEC) != 0)
		return (-1);
	if ((pid = fork()) < 0) {
		int err = errno;

		close(pfd[0]);
		close(pfd[1]);
		errno = err;
		return (-1);
	}
	if (pid == 0) {
		close(pfd[0]);
		child(keep, nkeep, fn, arg, pfd[1], uid, as);
	}
	close(pfd[1]);
	(void) fcntl(pfd[0], F_SETFL, O_NONBLOCK);
	*pidp = pid;
	*fdp = pfd[0];
	return (0);
}

int
dt_pd_sandbox_run(const int *keep, unsigned int nkeep, dt_pd_fn_t *fn,
    void *arg, dt_pd_run_t *runp)
{
	struct timespec t0;
	size_t cap = 0;
	int rfd;
	pid_t pid;

	memset(runp, 0, sizeof (*runp));
	if (dt_pd_sandbox_start(keep, nkeep, fn, arg, &pid, &rfd) != 0)
		return (-1);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd p = { .fd = rfd, .events = POLLIN };
		long left = DT_PD_TIMEOUT - ms_since(&t0);
		ssize_t n;

		if (left <= 0) {
			runp->pr_timedout = true;
			break;
		}
		if (poll(&p, 1, (int)left) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (p.revents == 0)
			continue;
		if (runp->pr_len + 4096 + 1 > cap) {
			char *nb;

			if (cap + 65536 > DT_PD_OUTMAX + 65536) {
				runp->pr_toolong = true;
				break;
			}
			if ((nb = realloc(runp->pr_out, cap + 65536)) == NULL)
				break;
			runp->pr_out = nb;
			cap += 65536;
		}
		n = read(rfd, runp->pr_out + runp->pr_len, 4096);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0)
			break;
		runp->pr_len += (size_t)n;
	}
	close(rfd);
	if (runp->pr_timedout || runp->pr_toolong)
		(void) kill(pid, SIGKILL);
	while (waitpid(pid, &runp->pr_status, 0) < 0 && errno == EINTR)
		;
	if (runp->pr_out == NULL && (runp->pr_out = malloc(1)) == NULL) {
		errno = ENOMEM;
		return (-1);
	}
	runp->pr_out[runp->pr_len] = '\0';
	return (0);
}
