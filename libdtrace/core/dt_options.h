/*
 * dt_options.h: the table of libdtrace's options (dt_options.c).
 *
 * Every option is one row of dt_options[]: its name, the type of its
 * value, its default, when it may change, the field of dt_options_t it
 * lives in and, where setting it does more than parse and store, the
 * function that sets it.  dtrace_setopt(), dtrace_getopt(), dtrace_open()
 * (the defaults) and the D setopt() action all read this table; nothing
 * else names an option.
 */
#ifndef DT_OPTIONS_H
#define DT_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "dt_impl.h"

/* What an option's value is, and how a string becomes it. */
typedef enum dt_opt_type {
	DT_OPT_BOOL,		/* a flag: none, "", yes, true: 1; no, false: 0 */
	DT_OPT_SIZE,		/* bytes: a number, k, m, g or t after it */
	DT_OPT_INT,		/* a count: a number (the suffixes of a
				   size are accepted as well) */
	DT_OPT_RATE,		/* nanoseconds: a time (ns, us, ms, s) or
				   a frequency (hz, the default unit) */
	DT_OPT_WORD,		/* one of od_words, stored as its index */
	DT_OPT_STRING,		/* a non-empty string, kept as a copy */
	DT_OPT_LIST		/* a string added to a list at each set */
} dt_opt_type_t;

/* Until when an option may change. */
typedef enum dt_opt_when {
	DT_OPTW_COMPILE,	/* until the first program it is built into
				   is compiled (the setter knows which) */
	DT_OPTW_GO,		/* until tracing starts (dtrace_go()) */
	DT_OPTW_TRACE		/* at any time: the consumer reads it as
				   it goes, even while tracing */
} dt_opt_when_t;

typedef struct dt_optdesc dt_optdesc_t;

/*
 * A setter: parse val for the option od and store it, or fail with -1
 * and an EDT_* code on dtp.  dt_opt_set() is the one for every type.
 */
typedef int dt_opt_set_f(dtrace_hdl_t *dtp, const dt_optdesc_t *od,
    const char *val);

struct dt_optdesc {
	const char *od_name;		/* as -x and #pragma D option say it */
	dt_opt_type_t od_type;		/* what the value is */
	dt_opt_when_t od_when;		/* until when it may change */
	size_t od_off;			/* its field in dt_options_t */
	size_t od_width;		/* the field's size, 0: no field that
					   dtrace_getopt() reports */
	uint64_t od_default;		/* value dtrace_open() stores (a
					   string's default is NULL) */
	uint64_t od_min;		/* SIZE, INT: least value */
	uint64_t od_max;		/* SIZE, INT: greatest value */
	const char *const *od_words;	/* WORD: the words, NULL-terminated,
					   in the order of their values */
	dt_opt_set_f *od_set;		/* the setter: dt_opt_set() or one
					   with checks or side effects */
	bool od_noprogram;		/* never from within a D program
					   (#pragma D option): EDT_BADOPTCTX */
};

extern const dt_optdesc_t dt_options[];	/* the table, in name order */
extern const size_t dt_noptions;		/* its rows */

extern const dt_optdesc_t *dt_opt_lookup(const char *name);
extern void dt_opt_defaults(dtrace_hdl_t *dtp);
extern void dt_opt_free(dtrace_hdl_t *dtp);

/* The generic setter, and the steps the specific ones share. */
extern dt_opt_set_f dt_opt_set;
extern int dt_opt_value(dtrace_hdl_t *dtp, const dt_optdesc_t *od,
    const char *val, uint64_t *vp);
extern void dt_opt_store(dtrace_hdl_t *dtp, const dt_optdesc_t *od,
    uint64_t v);
extern uint64_t dt_opt_load(const dtrace_hdl_t *dtp, const dt_optdesc_t *od);

/* The preprocessor's setters (dlang/dt_cpp.c). */
extern dt_opt_set_f dt_cpp_set_define, dt_cpp_set_undef, dt_cpp_set_incdir,
    dt_cpp_set_cppargs,
    dt_cpp_set_stdc;

#endif /* DT_OPTIONS_H */
