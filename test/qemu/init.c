/*
 * init.c: process 1 of the second kernel lane (scripts/qemu-lane), the
 * only program of its initramfs, linked statically.
 *
 * The lane boots Debian's distribution kernel under qemu with the host's
 * root file system exported read-only over 9p (virtio).  This program
 * loads the modules that reach it (listed in /modules/order, in load
 * order, by scripts/qemu-lane from the kernel package), mounts the host
 * root on /host, gives it fresh proc, sys, dev and tmpfs mounts (/tmp,
 * /run, /var/tmp: the host's files are never written), chroots there and
 * runs the command the kernel command line names (lane.cmd=PATH, run
 * with bash, lane.arg=ARG its one argument).  Its output goes to the
 * console (the serial port the host reads); when it ends, the last line
 * is "LANE-EXIT N" with its exit status (or "LANE-EXIT 255 why" when the
 * lane itself failed) and the machine powers off.
 *
 * Any failure is reported on the console and ends the run: the host
 * never waits for output that will not come (its timeout is the last
 * guard).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void
finish(int rc, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	printf("\nLANE-EXIT %d", rc);
	if (fmt != NULL) {
		printf(" ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	printf("\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}

static void
must_mount(const char *src, const char *dst, const char *type,
    unsigned long flags, const char *data)
{
	mkdir(dst, 0755);
	if (mount(src, dst, type, flags, data) != 0)
		finish(255, "cannot mount %s on %s: %s", type, dst,
		    strerror(errno));
}

/* Load the modules of /modules/order, one path a line, in order. */
static void
load_modules(void)
{
	FILE *fp = fopen("/modules/order", "r");
	char line[512];

	if (fp == NULL)
		finish(255, "no /modules/order: %s", strerror(errno));
	while (fgets(line, sizeof (line), fp) != NULL) {
		int fd;

		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '\0')
			continue;
		if ((fd = open(line, O_RDONLY | O_CLOEXEC)) < 0)
			finish(255, "cannot open %s: %s", line, strerror(errno));
		if (syscall(SYS_finit_module, fd, "", 0) != 0 && errno != EEXIST)
			finish(255, "cannot load %s: %s", line, strerror(errno));
		close(fd);
	}
	fclose(fp);
}

/* The value of key=VALUE on the kernel command line, or NULL. */
static char *
cmdline_arg(const char *key)
{
	static char buf[4096];
	size_t klen = strlen(key);
	int fd = open("/proc/cmdline", O_RDONLY);
	ssize_t n;

	if (fd < 0 || (n = read(fd, buf, sizeof (buf) - 1)) <= 0)
		finish(255, "cannot read /proc/cmdline");
	close(fd);
	buf[n] = '\0';
	for (char *p = buf; (p = strstr(p, key)) != NULL; p += klen) {
		if ((p == buf || p[-1] == ' ') && p[klen] == '=') {
			char *v = strndup(p + klen + 1, strcspn(p + klen + 1,
			    " \n"));

			return (v);
		}
	}
	return (NULL);
}

int
main(void)
{
	char *cmd, *arg;
	pid_t pid;
	int status;

	setvbuf(stdout, NULL, _IONBF, 0);
	must_mount("proc", "/proc", "proc", 0, NULL);
	must_mount("sysfs", "/sys", "sysfs", 0, NULL);
	must_mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	if ((cmd = cmdline_arg("lane.cmd")) == NULL)
		finish(255, "no lane.cmd= on the kernel command line");
	arg = cmdline_arg("lane.arg");
	load_modules();
	must_mount("hostroot", "/host", "9p", MS_RDONLY,
	    "trans=virtio,version=9p2000.L,msize=512000,cache=loose");
	must_mount("proc", "/host/proc", "proc", 0, NULL);
	must_mount("sysfs", "/host/sys", "sysfs", 0, NULL);
	must_mount("devtmpfs", "/host/dev", "devtmpfs", 0, NULL);
	/* what udev would add: /dev/fd for bash's process substitution */
	(void) symlink("/proc/self/fd", "/host/dev/fd");
	(void) symlink("/proc/self/fd/0", "/host/dev/stdin");
	(void) symlink("/proc/self/fd/1", "/host/dev/stdout");
	(void) symlink("/proc/self/fd/2", "/host/dev/stderr");
	must_mount("tmpfs", "/host/tmp", "tmpfs", 0, "mode=1777");
	must_mount("tmpfs", "/host/run", "tmpfs", 0, "mode=755");
	must_mount("tmpfs", "/host/var/tmp", "tmpfs", 0, "mode=1777");
	if (chroot("/host") != 0 || chdir("/") != 0)
		finish(255, "cannot chroot to the host root: %s",
		    strerror(errno));
	/* what the tests expect of a root shell */
	setenv("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:"
	    "/sbin:/bin", 1);
	setenv("HOME", "/root", 1);
	setenv("TERM", "dumb", 1);
	setenv("LANG", "C.UTF-8", 1);
	if ((pid = fork()) < 0)
		finish(255, "fork: %s", strerror(errno));
	if (pid == 0) {
		setsid();
		execl("/bin/bash", "bash", cmd, arg, (char *)NULL);
		fprintf(stderr, "cannot run %s: %s\n", cmd, strerror(errno));
		_exit(127);
	}
	/* reap every orphan until the command ends */
	for (;;) {
		pid_t w = wait(&status);

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			finish(255, "wait: %s", strerror(errno));
	}
	finish(WIFEXITED(status) ? WEXITSTATUS(status) :
	    128 + WTERMSIG(status), NULL);
	return (0);
}
