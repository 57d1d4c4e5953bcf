/*
 * dt_usym.c: user addresses as DTrace shows them, for ustack(), usym(),
 * ufunc(), umod() and uaddr().
 *
 * A user address means something only in its process, so the records of
 * these actions carry the process id (the first 8 bytes) before their
 * addresses.  The consumer resolves an address through the executable
 * file mappings of /proc/PID/maps (start, end, file offset, file) and the
 * function symbols of that file (dt_elf.c, read once per session, keyed
 * by the file's identity): the address becomes a file offset, and the
 * symbol holding that file offset names it, whether the file is PIE or
 * not.  The module is the file's basename, as DTrace prints it.
 *
 * Each process's mappings are read once and kept on the handle (a
 * dt_upmap_t); they are read again when an address falls outside all of
 * them (a library loaded since, an exec) and the copy is older than
 * DT_UPMAP_AGE, so that unknown addresses do not reread the file every
 * time.  When a process has exited its mappings cannot be read: the
 * copy kept (if the session saw the process alive) still serves, else the
 * addresses print in hex, which is what DTrace does too.  So that the
 * session's own processes (-c, -p) are seen alive, dtrace_work() copies
 * their mappings (at most every DT_UPMAP_SNAP) while a program records
 * user addresses, and at each change of their objects (dt_usym_remap());
 * a process -c created is copied only once it runs the
 * file it was created for (before exec() it is a copy of dtrace).  The
 * copies are keyed by process id alone: a pid reused within one session
 * is named through the dead process's mappings until an address misses
 * them.
 *
 * Symbols by address: a file's symbols (sorted by name in dt_elf_t) get
 * an index sorted by file offset, built when first needed (dt_uelf_t).
 * A symbol holds the addresses of its size; one of size 0 (_init) only
 * its own.
 * Of several names of one address (aliases: write, __write,
 * __libc_write) the preferred one is shown (es_canon, dt_elf.c): a
 * global or weak one before a static one, then the one with the fewest
 * leading underscores, then the first read (.symtab before .dynsym).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <sys/stat.h>

#include "../core/dt_impl.h"
#include "dt_proc.h"
#include "dt_cfi.h"

#define DT_UPMAP_AGE	50000000ULL	/* ns before mappings are reread */
#define DT_UPMAP_SNAP	10000000ULL	/* ns between snapshots */

typedef struct dt_uelf {
	const dt_elf_t *ue_elf;		/* the file's symbols */
	uint32_t *ue_byoff;		/* indexes into ef_syms, by es_off */
	char *ue_path;			/* /proc/self/fd/N of the file read */
	dt_cfi_t *ue_cfi;		/* its call frame information */
	bool ue_cfitried;		/* ue_cfi was looked for */
	struct dt_uelf *ue_next;	/* next file of the session */
} dt_uelf_t;

typedef struct dt_umapping {
	uint64_t um_start;		/* first address */
	uint64_t um_end;		/* past the last */
	uint64_t um_pgoff;		/* file offset of um_start */
	uint64_t um_base;		/* lowest start of its file's maps */
	dev_t um_dev;			/* the file's device, inode (maps) */
	ino_t um_ino;
	char *um_path;			/* the file, as the process sees it */
	const char *um_name;		/* in um_path: its basename */
	const dt_uelf_t *um_elf;	/* its symbols, NULL until read */
	bool um_tried;			/* um_elf was looked for */
} dt_umapping_t;

typedef struct dt_upmap {
	pid_t up_pid;			/* the process */
	dt_umapping_t *up_maps;		/* executable file mappings */
	size_t up_n;			/* how many */
	uint64_t up_read;		/* when read (CLOCK_MONOTONIC ns) */
	struct dt_upmap *up_next;	/* next process of the session */
} dt_upmap_t;

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec);
}

static void
maps_free(dt_umapping_t *maps, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(maps[i].um_path);
	free(maps);
}

/*
 * Read the executable file mappings of process pid; -1 if its maps
 * cannot be read (it has exited) or memory runs out.
 */
static int
maps_read(pid_t pid, dt_umapping_t **mapsp, size_t *np)
{
	char path[64], line[4096 + 128];
	dt_umapping_t *maps = NULL;
	size_t n = 0, cap = 0;
	FILE *fp;

	snprintf(path, sizeof (path), "/proc/%d/maps", (int)pid);
	if ((fp = fopen(path, "re")) == NULL)
		return (-1);
	while (fgets(line, sizeof (line), fp) != NULL) {
		unsigned long long start, end, pgoff;
		unsigned int major, minor;
		unsigned long inode;
		char perms[8], *file, *nl, *del;
		int pos = 0;
		dt_umapping_t *m;

		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %lu %n", &start,
		    &end, perms, &pgoff, &major, &minor, &inode, &pos) < 7 ||
		    pos == 0 || strchr(perms, 'x') == NULL)
			continue;
		file = line + pos;
		if (file[0] != '/')
			continue;
		if ((nl = strchr(file, '\n')) != NULL)
			*nl = '\0';
		if ((del = strstr(file, " (deleted)")) != NULL &&
		    del[10] == '\0')
			*del = '\0';
		if (n == cap) {
			dt_umapping_t *nm = realloc(maps, (cap = cap * 2 + 16) *
			    sizeof (dt_umapping_t));

			if (nm == NULL)
				goto fail;
			maps = nm;
		}
		m = &maps[n];
		memset(m, 0, sizeof (*m));
		if ((m->um_path = strdup(file)) == NULL)
			goto fail;
		n++;
		m->um_start = start;
		m->um_end = end;
		m->um_pgoff = pgoff;
		m->um_dev = makedev(major, minor);
		m->um_ino = (ino_t)inode;
		m->um_name = strrchr(m->um_path, '/') + 1;
	}
	fclose(fp);
	/* a module's key in aggregations: its lowest mapping */
	for (size_t i = 0; i < n; i++) {
		maps[i].um_base = maps[i].um_start;
		for (size_t j = 0; j < n; j++) {
			if (maps[j].um_start < maps[i].um_base &&
			    strcmp(maps[j].um_path, maps[i].um_path) == 0)
				maps[i].um_base = maps[j].um_start;
		}
	}
	*mapsp = maps;
	*np = n;
	return (0);
fail:
	fclose(fp);
	maps_free(maps, n);
	return (-1);
}

static const dt_umapping_t *
maps_find(const dt_upmap_t *up, uint64_t addr)
{
	for (size_t i = 0; i < up->up_n; i++) {
		if (addr >= up->up_maps[i].um_start &&
		    addr < up->up_maps[i].um_end)
			return (&up->up_maps[i]);
	}
	return (NULL);
}

static dt_upmap_t *
upmap_get(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_upmap_t *up;

	for (up = dtp->dt_upmaps; up != NULL; up = up->up_next) {
		if (up->up_pid == pid)
			return (up);
	}
	if ((up = calloc(1, sizeof (*up))) == NULL)
		return (NULL);
	up->up_pid = pid;
	up->up_next = dtp->dt_upmaps;
	dtp->dt_upmaps = up;
	return (up);
}

/* Read process pid's mappings again into up; kept as they were if gone. */
static void
upmap_read(dt_upmap_t *up, uint64_t now)
{
	dt_umapping_t *maps;
	size_t n;

	up->up_read = now;
	if (maps_read(up->up_pid, &maps, &n) != 0)
		return;
	maps_free(up->up_maps, up->up_n);
	up->up_maps = maps;
	up->up_n = n;
}

/* Has created process P executed its file yet? */
static bool
proc_execd(const struct ps_prochandle *P)
{
	char exe[64];
	struct stat a, b;

	if (!P->pp_created || P->pp_exec == NULL)
		return (true);
	snprintf(exe, sizeof (exe), "/proc/%d/exe", (int)P->pp_pid);
	return (stat(exe, &a) == 0 && stat(P->pp_exec, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino);
}

void
dt_usym_snapshot(dtrace_hdl_t *dtp)
{
	uint64_t now;

	if (!dtp->dt_usyms || dtp->dt_procs == NULL)
		return;
	now = now_ns();
	for (struct ps_prochandle *P = dtp->dt_procs; P != NULL;
	    P = P->pp_next) {
		dt_upmap_t *up;

		if (P->pp_exited || !proc_execd(P) ||
		    (up = upmap_get(dtp, P->pp_pid)) == NULL ||
		    (up->up_read != 0 && now - up->up_read < DT_UPMAP_SNAP))
			continue;
		upmap_read(up, now);
	}
}

/*
 * Process pid's dynamic loader changed its objects (probes/dt_discover.c):
 * its mappings are copied again now, while it is alive (a -c process is
 * held there, and may be gone before the next snapshot).
 */
void
dt_usym_remap(dtrace_hdl_t *dtp, pid_t pid)
{
	struct ps_prochandle *P = dt_proc_lookup(dtp, pid);
	dt_upmap_t *up;

	if (!dtp->dt_usyms || P == NULL || !proc_execd(P) ||
	    (up = upmap_get(dtp, pid)) == NULL)
		return;
	upmap_read(up, now_ns());
}

/* The mapping of process pid that holds addr, or NULL. */
static dt_umapping_t *
upmap_lookup(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr)
{
	dt_upmap_t *up;
	const dt_umapping_t *m;
	uint64_t now;

	if ((up = upmap_get(dtp, pid)) == NULL)
		return (NULL);
	if ((m = maps_find(up, addr)) != NULL)
		return ((dt_umapping_t *)m);
	now = now_ns();
	if (up->up_read != 0 && now - up->up_read < DT_UPMAP_AGE)
		return (NULL);
	upmap_read(up, now);	/* gone: the copy kept, if any, stays */
	return ((dt_umapping_t *)maps_find(up, addr));
}

/* Leading underscores of a name: aliases with fewer come first. */
static size_t
unders(const char *s)
{
	return (strspn(s, "_"));
}

static int
byoff_cmp(const void *a, const void *b, void *arg)
{
	const dt_elf_t *ef = arg;
	const dt_elfsym_t *x = &ef->ef_syms[*(const uint32_t *)a];
	const dt_elfsym_t *y = &ef->ef_syms[*(const uint32_t *)b];
	size_t ux, uy;

	if (x->es_off != y->es_off)
		return (x->es_off < y->es_off ? -1 : 1);
	if ((ux = unders(x->es_name)) != (uy = unders(y->es_name)))
		return (ux < uy ? -1 : 1);
	return (x->es_order < y->es_order ? -1 : x->es_order > y->es_order);
}

/* The symbols of the file of mapping m, by offset; NULL if unreadable. */
static const dt_uelf_t *
uelf_get(dtrace_hdl_t *dtp, pid_t pid, dt_umapping_t *m)
{
	char path[4096 + 64], range[40];
	const dt_elf_t *ef;
	dt_uelf_t *ue;
	int fd;

	if (m->um_tried)
		return (m->um_elf);
	m->um_tried = true;
	/*
	 * The file the process maps, opened by its mapping or its path (in
	 * the process's root, or in ours once the process is gone) but only
	 * if it is the file the maps named (dt_elf_open_mapped()).
	 */
	snprintf(range, sizeof (range), "%llx-%llx",
	    (unsigned long long)m->um_start, (unsigned long long)m->um_end);
	snprintf(path, sizeof (path), "/proc/%d/root%s", (int)pid, m->um_path);
	if ((fd = dt_elf_open_mapped(dtp, pid, range, m->um_path, m->um_dev,
	    m->um_ino)) < 0 || (ef = dt_elf_lookup_fd(dtp, fd, path)) == NULL)
		return (NULL);
	dt_elf_pin(ef);		/* dt_uelfs keeps it */
	for (ue = dtp->dt_uelfs; ue != NULL; ue = ue->ue_next) {
		if (ue->ue_elf == ef)
			return (m->um_elf = ue);
	}
	if ((ue = calloc(1, sizeof (*ue))) == NULL ||
	    (ue->ue_byoff = calloc(ef->ef_nsyms + 1, sizeof (uint32_t))) ==
	    NULL) {
		free(ue);
		return (NULL);
	}
	ue->ue_elf = ef;
	ue->ue_path = strdup(ef->ef_path);	/* the file read, not its path */
	for (size_t i = 0; i < ef->ef_nsyms; i++)
		ue->ue_byoff[i] = (uint32_t)i;
	qsort_r(ue->ue_byoff, ef->ef_nsyms, sizeof (uint32_t), byoff_cmp,
	    (void *)ef);
	ue->ue_next = dtp->dt_uelfs;
	dtp->dt_uelfs = ue;
	return (m->um_elf = ue);
}

/* The symbol holding file offset foff, or NULL. */
static const dt_elfsym_t *
uelf_sym(const dt_uelf_t *ue, uint64_t foff)
{
	const dt_elf_t *ef = ue->ue_elf;
	size_t lo = 0, hi = ef->ef_nsyms;
	const dt_elfsym_t *s;

	while (lo < hi) {	/* the first symbol past foff */
		size_t mid = (lo + hi) / 2;

		if (ef->ef_syms[ue->ue_byoff[mid]].es_off <= foff)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return (NULL);
	s = &ef->ef_syms[ue->ue_byoff[--lo]];
	while (lo > 0 && ef->ef_syms[ue->ue_byoff[lo - 1]].es_off == s->es_off)
		s = &ef->ef_syms[ue->ue_byoff[--lo]];
	if (s->es_size > 0 ? foff >= s->es_off + s->es_size :
	    foff != s->es_off)
		return (NULL);	/* past its end; of no size: only its own */
	return (&ef->ef_syms[s->es_canon]);	/* the preferred alias */
}

/*
 * What DTrace shows of user address addr of process pid, in buf:
 *   DT_TK_USTACK, DT_TK_UADDR  module`symbol+0xoffset (no offset when 0)
 *   DT_TK_USYM                 module`symbol
 *   DT_TK_UMOD                 module
 * and when no symbol holds the address module`0xaddress (module for
 * umod), or 0xaddress when no file mapping does.  *basep (if not NULL)
 * gets the address every address shown the same way shares (the
 * symbol's, the module's first mapping), so that they make one
 * aggregation key.  With the option noresolve nothing is looked up: every
 * address is 0xaddress, its own key.
 */
void
dt_format_uaddr(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, dt_tkind_t kind,
    char *buf, size_t len, uint64_t *basep)
{
	dt_umapping_t *m = addr != 0 && !dtp->dt_opts.op_noresolve ?
	    upmap_lookup(dtp, pid, addr) : NULL;
	const dt_elfsym_t *s = NULL;
	const dt_uelf_t *ue;
	uint64_t foff = 0, base = addr;

	if (m != NULL && kind != DT_TK_UMOD &&
	    (ue = uelf_get(dtp, pid, m)) != NULL) {
		foff = addr - m->um_start + m->um_pgoff;
		s = uelf_sym(ue, foff);
	}
	if (m == NULL)
		snprintf(buf, len, "0x%llx", (unsigned long long)addr);
	else if (kind == DT_TK_UMOD) {
		snprintf(buf, len, "%s", m->um_name);
		base = m->um_base;
	} else if (s == NULL)
		snprintf(buf, len, "%s`0x%llx", m->um_name,
		    (unsigned long long)addr);
	else if (kind == DT_TK_USYM || foff == s->es_off) {
		snprintf(buf, len, "%s`%s", m->um_name, s->es_name);
		if (kind == DT_TK_USYM)
			base = addr - (foff - s->es_off);
	} else
		snprintf(buf, len, "%s`%s+0x%llx", m->um_name, s->es_name,
		    (unsigned long long)(foff - s->es_off));
	if (basep != NULL)
		*basep = base;
}

void
dt_usym_free_all(dtrace_hdl_t *dtp)
{
	while (dtp->dt_upmaps != NULL) {
		dt_upmap_t *up = dtp->dt_upmaps;

		dtp->dt_upmaps = up->up_next;
		maps_free(up->up_maps, up->up_n);
		free(up);
	}
	while (dtp->dt_uelfs != NULL) {
		dt_uelf_t *ue = dtp->dt_uelfs;

		dtp->dt_uelfs = ue->ue_next;
		free(ue->ue_byoff);
		free(ue->ue_path);
		dt_cfi_free(ue->ue_cfi);
		free(ue);
	}
}

/*
 * The caller of the frame whose registers are rg, pc the frame's pc (a
 * return address beyond the first frame, so pc - 1 is looked up: the
 * call, which may be a function's last instruction), from the call frame
 * information of the file mapped there, else through the frame pointer
 * chain in the stack copy when no FDE covers the pc.
 */
static int
ustack_step(dtrace_hdl_t *dtp, pid_t pid, dt_cfi_regs_t *rg, bool first)
{
	uint64_t pc = rg->cr_r[DT_CFI_RA], look = first ? pc : pc - 1;
	dt_umapping_t *m = upmap_lookup(dtp, pid, look);
	dt_uelf_t *ue;
	uint64_t vaddr;
	int rc;

	if (m == NULL || (ue = (dt_uelf_t *)uelf_get(dtp, pid, m)) == NULL)
		return (DT_CFI_STOP);
	if (!ue->ue_cfitried) {
		ue->ue_cfitried = true;
		if (ue->ue_path != NULL)
			ue->ue_cfi = dt_cfi_read(ue->ue_path, true);
	}
	if (ue->ue_cfi == NULL || !dt_cfi_vaddr(ue->ue_cfi,
	    look - m->um_start + m->um_pgoff, &vaddr))
		rc = DT_CFI_NOFDE;
	else
		rc = dt_cfi_step(ue->ue_cfi, vaddr, rg);
	if (rc == DT_CFI_NOFDE)
		rc = dt_cfi_step_fp(rg);
	return (rc);
}

/*
 * The frames of a ustack() record at data, of size bytes, nframes frames:
 * the record itself when it has no copy of the stack, else buf (the pid
 * and nframes frames, 0 after the last, as in the record) with the frames
 * unwound from the registers and the copy (dt_cfi.c).  The unwound frames
 * replace the frame-pointer ones when the walk reached the outermost
 * frame, or found at least as many frames.
 */
const char *
dt_ustack_frames(dtrace_hdl_t *dtp, const char *data, uint32_t size,
    uint32_t nframes, uint64_t *buf)
{
	static const int dwarf[] = {	/* DWARF register: pt_regs slot */
		10, 12, 11, 5, 13, 14, 4, 19, 9, 8, 7, 6, 3, 2, 1, 0, 16
	};
	uint32_t base = 8U + nframes * 8U, regsz, n = 0, nfp = 0;
	uint64_t hdr, pid, sp, prevsp;
	dt_cfi_regs_t rg;
	int rc = DT_CFI_OK;

	if (size < base + 8U)
		return (data);
	memcpy(&hdr, data + base, 8);
	regsz = (uint32_t)(hdr >> 32);
	if (regsz < 160 || regsz > size - base - 8U ||
	    (uint32_t)hdr > size - base - 8U - regsz)
		return (data);
	memcpy(&pid, data, 8);
	memset(&rg, 0, sizeof (rg));
	for (unsigned int i = 0; i < DT_CFI_NREGS; i++)
		memcpy(&rg.cr_r[i], data + base + 8 + dwarf[i] * 8, 8);
	rg.cr_valid = (1U << DT_CFI_NREGS) - 1;
	rg.cr_stack = (const uint8_t *)data + base + 8 + regsz;
	rg.cr_len = (uint32_t)hdr;
	rg.cr_sp0 = rg.cr_r[DT_CFI_SP];
	if (rg.cr_len == 0)
		return (data);
	for (uint32_t i = 0; i < nframes; i++) {
		uint64_t pc;

		memcpy(&pc, data + 8 + i * 8, 8);
		if (pc == 0)
			break;
		nfp++;
	}
	memset(buf, 0, 8 + nframes * 8);
	buf[0] = pid;
	buf[1 + n++] = rg.cr_r[DT_CFI_RA];
	while (n < nframes) {
		prevsp = rg.cr_r[DT_CFI_SP];
		if ((rc = ustack_step(dtp, (pid_t)pid, &rg, n == 1)) !=
		    DT_CFI_OK)
			break;
		sp = rg.cr_r[DT_CFI_SP];
		if (sp <= prevsp && n > 1)	/* no progress: a loop */
			break;
		buf[1 + n++] = rg.cr_r[DT_CFI_RA];
	}
	if (rc == DT_CFI_END || n >= nframes || n >= nfp)
		return ((const char *)buf);
	return (data);
}
