/*
 * dt_pidmod.c: the modules of traced processes.  A module is a file a
 * process maps executable (its /proc/PID/maps), or one a process held by
 * -c will execute or load, opened through /proc/PID/root/ so that a
 * process in another mount namespace (a container) is read from its own
 * files.  The session keeps them on the handle (dt_pidmods), the latest
 * read first: the pid provider makes its probes from their symbols, the
 * USDT provider from their notes, and the discovery of processes
 * (probes/dt_discover.c) reads their files and hooks their dynamic
 * loaders.  Each module's file is read once (dt_pidmod_elf(),
 * dt_pidmod_notes()), from one descriptor opened by its mapping, and its
 * tables of probe ids are shared by the two providers.  A gone process's
 * modules are forgotten after the providers forgot it
 * (dt_pidmods_forget()).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "../core/dt_impl.h"
#include "../probes/dt_probe.h"
#include "dt_proc.h"

/* The modules of traced processes, the latest read first. */
dt_pidmod_t *
dt_pidmods(dtrace_hdl_t *dtp)
{
	return (dtp->dt_pidmods);
}

static bool
has_glob(const char *s)
{
	return (strpbrk(s, "*?[\\") != NULL);
}

/*
 * Does a description's module field name the module?  (The pid and USDT
 * providers name modules the same way.)
 */
bool
dt_pidmod_match(const dt_pidmod_t *pm, const char *mod)
{
	size_t len = strlen(mod);

	if (mod[0] == '\0' || dt_gmatch(pm->pm_name, mod) ||
	    (pm->pm_exec && dt_gmatch("a.out", mod)) ||
	    strcmp(pm->pm_file, mod) == 0)
		return (true);
	return (!has_glob(mod) && strncmp(pm->pm_name, mod, len) == 0 &&
	    pm->pm_name[len] == '.');
}

/*
 * Add module file of process pid, opened as root + file: a file the
 * process maps at range (its maps' "start-end") with identity dev, ino,
 * or with range NULL a file a process -c holds will execute or load,
 * whose identity is stat()ed.
 */
static int
pidmod_add(dtrace_hdl_t *dtp, pid_t pid, const char *root, const char *file,
    bool exec, const char *range, dev_t dev, ino_t ino)
{
	dt_pidmod_t *pm;
	size_t rlen = strlen(root);
	const char *base;
	struct stat st = { 0 };
	char path[4096 + 64];

	/*
	 * The path names the module in listings and records: one with
	 * control bytes (another user's file name, made to send escape
	 * sequences to a terminal) is left out, with a warning that shows
	 * it escaped.
	 */
	for (const char *c = file; *c != '\0'; c++) {
		if ((unsigned char)*c < 0x20 || *c == 0x7f) {
			dt_strvis(path, sizeof (path), file);
			if (dt_elf_warn_ok(dtp))
				dt_msg(dtp, DTRACE_MSG_WARNING, "process %d: "
				    "%s is left out: its path has control "
				    "characters", (int)pid, path);
			return (0);
		}
	}
	/*
	 * The same file may come by two paths (/lib/... from the loader's
	 * list, /usr/lib/... from the maps): one module.
	 */
	if (range == NULL) {
		snprintf(path, sizeof (path), "%s%s", root, file);
		if (stat(path, &st) == 0) {
			dev = st.st_dev;
			ino = st.st_ino;
		} else {
			dev = ino = 0;
		}
	}
	for (pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		if (pm->pm_pid == pid && (strcmp(pm->pm_file, file) == 0 ||
		    (ino != 0 && pm->pm_ino == ino && pm->pm_dev == dev)))
			return (0);
	}
	if ((pm = dt_zalloc(dtp, sizeof (*pm))) == NULL ||
	    (pm->pm_path = dt_zalloc(dtp, rlen + strlen(file) + 1)) == NULL) {
		free(pm);
		return (-1);
	}
	memcpy(pm->pm_path, root, rlen);
	strcpy(pm->pm_path + rlen, file);
	pm->pm_file = pm->pm_path + rlen;
	base = strrchr(pm->pm_file, '/');
	pm->pm_name = base != NULL ? base + 1 : pm->pm_file;
	pm->pm_pid = pid;
	pm->pm_exec = exec;
	pm->pm_dev = dev;
	pm->pm_ino = ino;
	if (range != NULL)
		snprintf(pm->pm_range, sizeof (pm->pm_range), "%s", range);
	pm->pm_next = dtp->dt_pidmods;
	dtp->dt_pidmods = pm;
	return (0);
}

/*
 * Find the modules of process pid: the executable file mappings of its
 * /proc/PID/maps (a -c process is held past its loader, its libraries
 * mapped, or at its exec(): its program and loader mapped).  (The USDT
 * provider reads the same modules.)
 */
int
dt_pidmods_read(dtrace_hdl_t *dtp, pid_t pid)
{
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		if (pm->pm_pid == pid)
			return (0);
	}
	return (dt_pidmods_reread(dtp, pid) < 0 ? -1 : 0);
}

/*
 * Read the modules of process pid again (its dynamic loader mapped or
 * unmapped some): those not known yet are added; those unmapped stay
 * (their probes may still be named by records).  The number of new
 * modules, or -1.
 */
int
dt_pidmods_reread(dtrace_hdl_t *dtp, pid_t pid)
{
	char path[64], root[64], exe[4096], line[4096 + 128];
	const dt_pidmod_t *before = dt_pidmods(dtp);	/* new ones go first */
	int added = 0;
	ssize_t n;
	FILE *fp;
	int rv = 0;

	const struct ps_prochandle *P = dt_proc_lookup(dtp, pid);

	if (kill(pid, 0) != 0 && errno == ESRCH)
		return (dt_set_errmsg(dtp, EDT_GRAB, "failed to grab process "
		    "%d: %s", (int)pid, strerror(ESRCH)));
	snprintf(root, sizeof (root), "/proc/%d/root", (int)pid);
	/*
	 * A -c process held before its exec() maps our own files still:
	 * its modules are the program it will execute and the loader that
	 * program names (none for a static one).  Once it has executed
	 * them, its maps give the same files (by identity), then the rest.
	 */
	if (P != NULL && P->pp_preexec && P->pp_exec != NULL) {
		char interp[4096];

		rv = pidmod_add(dtp, pid, root, P->pp_exec, true, NULL, 0, 0);
		if (rv == 0 && dt_elf_interp(P->pp_exec, interp,
		    sizeof (interp)) == 0)
			rv = pidmod_add(dtp, pid, root, interp, false, NULL,
			    0, 0);
		for (const dt_pidmod_t *pm = dt_pidmods(dtp); pm != before;
		    pm = pm->pm_next)
			added++;
		return (rv != 0 ? rv : added);
	}
	snprintf(path, sizeof (path), "/proc/%d/exe", (int)pid);
	if ((n = readlink(path, exe, sizeof (exe) - 1)) < 0)
		n = 0;
	exe[n] = '\0';
	snprintf(path, sizeof (path), "/proc/%d/maps", (int)pid);
	if ((fp = fopen(path, "re")) == NULL)
		return (dt_set_errmsg(dtp, EDT_GRAB, "failed to grab process "
		    "%d: cannot read %s: %s", (int)pid, path,
		    strerror(errno)));
	while (rv == 0 && fgets(line, sizeof (line), fp) != NULL) {
		char range[40], perms[8], *file;
		unsigned int major, minor;
		unsigned long inode;
		size_t len;

		/* start-end perms offset dev inode path */
		if (sscanf(line, "%39s %7s %*s %x:%x %lu", range, perms, &major,
		    &minor, &inode) != 5 || perms[2] != 'x' || inode == 0 ||
		    (file = strchr(line, '/')) == NULL)
			continue;
		len = strcspn(file, "\n");
		file[len] = '\0';
		if (len > 10 && strcmp(file + len - 10, " (deleted)") == 0)
			continue;
		rv = pidmod_add(dtp, pid, root, file, strcmp(file, exe) == 0,
		    range, makedev(major, minor), (ino_t)inode);
	}
	fclose(fp);
	for (const dt_pidmod_t *pm = dt_pidmods(dtp); pm != before;
	    pm = pm->pm_next)
		added++;
	return (rv != 0 ? rv : added);
}

/*
 * Read the module's file (symbols and USDT notes) and make its tables of
 * probe ids, if not done yet; the pid and USDT providers share them.  A
 * file that cannot be opened is warned about when warn is set (the user
 * named the process).  For the notes alone (notes), a file the session
 * read before and found without any (dt_elf_nonotes()) is not read: 1,
 * pm_nonotes set, pm_elf left NULL.
 */
static int
pidmod_read(dtrace_hdl_t *dtp, dt_pidmod_t *pm, bool warn, bool notes)
{
	const dt_elf_t *ef;

	if (pm->pm_elf != NULL)
		return (0);
	if (notes && pm->pm_nonotes)
		return (1);
	/*
	 * The file is opened once, here, by its mapping where it has one:
	 * its notes and symbols are read from this descriptor and its
	 * probes attached through it (ef_path), so that nobody can swap
	 * another file in between.
	 */
	if (pm->pm_range[0] != '\0') {
		int fd;

		if (pm->pm_unread)
			return (dt_set_errmsg(dtp, EDT_PROC, "%s of process %d "
			    "cannot be read", pm->pm_name, (int)pm->pm_pid));
		if ((fd = dt_elf_open_mapped(dtp, pm->pm_pid, pm->pm_range,
		    pm->pm_file, pm->pm_dev, pm->pm_ino)) < 0) {
			/* its probes are left out, the others stay; said
			   when the user named the process, not for every
			   process a provider glob runs over */
			if (warn && dt_elf_warn_ok(dtp))
				dt_msg(dtp, DTRACE_MSG_WARNING, "%s; its probes "
				    "are left out",
				    dtrace_errmsg(dtp, dtrace_errno(dtp)));
			pm->pm_unread = true;
			return (dt_set_errno(dtp, EDT_PROC));
		}
		if (notes && dt_elf_nonotes(dtp, fd)) {
			close(fd);
			pm->pm_nonotes = true;
			return (1);
		}
		if ((ef = dt_elf_lookup_fd(dtp, fd, pm->pm_path)) == NULL)
			return (-1);
	} else if ((ef = dt_elf_lookup(dtp, pm->pm_path)) == NULL) {
		return (-1);
	}
	if ((pm->pm_probes = dt_zalloc(dtp, (ef->ef_nsyms + 1) * 2 *
	    sizeof (uint32_t))) == NULL ||
	    (pm->pm_usdt = dt_zalloc(dtp, (ef->ef_nnotes + 1) *
	    sizeof (uint32_t))) == NULL) {
		free(pm->pm_probes);
		pm->pm_probes = NULL;
		return (-1);
	}
	pm->pm_elf = ef;
	dt_elf_hold(ef);	/* released by pidmod_free() */
	return (0);
}

int
dt_pidmod_elf(dtrace_hdl_t *dtp, dt_pidmod_t *pm, bool warn)
{
	return (pidmod_read(dtp, pm, warn, false));
}

/* The module's notes: 1 if its file is known to have none. */
int
dt_pidmod_notes(dtrace_hdl_t *dtp, dt_pidmod_t *pm, bool warn)
{
	return (pidmod_read(dtp, pm, warn, true));
}

/* A module and what it holds (its file: held by pidmod_read()). */
static void
pidmod_free(dtrace_hdl_t *dtp, dt_pidmod_t *pm)
{
	if (pm->pm_elf != NULL)
		dt_elf_release(dtp, pm->pm_elf);
	free(pm->pm_probes);
	free(pm->pm_usdt);
	free(pm->pm_path);
	free(pm);
}

/*
 * A process is gone: its modules are no longer found by its id (which
 * may be reused).  Those with probes stay (the probes point to them),
 * with no process; the others are freed, releasing their files.  Called
 * after the providers forgot the process (pv_forget: a discovered
 * process's USDT probes are retired first, usdt_forget()).
 */
void
dt_pidmods_forget(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_pidmod_t **pmp = &dtp->dt_pidmods, *pm;

	while ((pm = *pmp) != NULL) {
		bool used = false;

		if (pm->pm_pid != pid) {
			pmp = &pm->pm_next;
			continue;
		}
		for (size_t i = 0; pm->pm_elf != NULL && !used &&
		    i < pm->pm_elf->ef_nsyms * 2; i++)
			used = pm->pm_probes[i] != 0;
		/* USDT retired the process's probes (usdt_forget()) */
		for (size_t i = 0; pm->pm_elf != NULL && !used &&
		    i < pm->pm_elf->ef_nnotes; i++)
			used = pm->pm_usdt[i] != 0 &&
			    pm->pm_usdt[i] != DT_USDT_SKIPPED;
		if (used) {
			pm->pm_pid = 0;
			pmp = &pm->pm_next;
			continue;
		}
		*pmp = pm->pm_next;
		pidmod_free(dtp, pm);
	}
}

/*
 * The end of a session: every module.  Their files go with the session's
 * others (dt_elf_free_all(), after the symbols that index them).
 */
void
dt_pidmods_free(dtrace_hdl_t *dtp)
{
	while (dtp->dt_pidmods != NULL) {
		dt_pidmod_t *pm = dtp->dt_pidmods;

		dtp->dt_pidmods = pm->pm_next;
		pm->pm_elf = NULL;
		pidmod_free(dtp, pm);
	}
}
