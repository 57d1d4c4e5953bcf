/*
 * dt_provdecl.h: providers declared in D (provider NAME { probe ... };),
 * as dlang/dt_parse_provider.c reads them and dtrace -h and -G write them
 * (cmd, proc/dt_link.c), and the type note -G writes.
 */
#ifndef DT_PROVDECL_H
#define DT_PROVDECL_H

#include "../core/dt_impl.h"

/*
 * Providers declared in D (dlang/dt_parse_provider.c):
 * provider NAME { probe ... };
 * For dtrace -h and -G (proc/dt_link.c).  Types are kept as text, as the
 * declaration wrote them with white space normalized, for the header and
 * the object's type note; pd_nsize and pd_nsigned are what the header's
 * argument specs need.
 */
typedef struct dt_provprobe {
	struct dt_provprobe *pd_next;	/* the provider's next probe */
	char *pd_name;			/* name as written (request__start) */
	int pd_nargc;			/* native arguments */
	char *pd_nargv[DT_MAXARGS];	/* their C types */
	uint8_t pd_nsize[DT_MAXARGS];	/* their sizes: 1, 2, 4, 8 */
	bool pd_nsigned[DT_MAXARGS];	/* and signedness */
	int pd_xargc;			/* translated arguments */
	char *pd_xargv[DT_MAXARGS];	/* their D types */
	uint8_t pd_xmap[DT_MAXARGS];	/* native argument each translates */
	dt_srcpos_t pd_pos;		/* where it was declared */
} dt_provprobe_t;

/* The argument types note dtrace -G writes (.note.dtrace-types). */
#define DT_NOTE_OWNER		"dtrace"
#define DT_NOTE_ARGTYPES	1

typedef struct dt_provdecl {
	struct dt_provdecl *dv_next;	/* the handle's next provider */
	char *dv_name;			/* provider name */
	dt_provprobe_t *dv_probes;	/* probes, in declaration order */
	unsigned int dv_nprobes;	/* how many */
} dt_provdecl_t;

#endif /* DT_PROVDECL_H */
