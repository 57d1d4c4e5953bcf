/*
 * dt_ksyms.h: kernel symbols (/proc/kallsyms), shared by every session of
 * the process; see dt_ksyms.c.
 */
#ifndef DT_KSYMS_H
#define DT_KSYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DT_KALLSYMS	"/proc/kallsyms"

typedef struct dt_ksyms dt_ksyms_t;

extern dt_ksyms_t *dt_ksyms_hold(const char *path);
extern void dt_ksyms_rele(dt_ksyms_t *);
extern bool dt_ksyms_current_p(const dt_ksyms_t *);
extern const char *dt_ksyms_lookup(const dt_ksyms_t *, uint64_t, uint64_t *);
extern const char *dt_ksyms_module(const dt_ksyms_t *, uint64_t, uint64_t *);
extern size_t dt_ksyms_count(const dt_ksyms_t *);
extern uint64_t dt_ksyms_addr(const dt_ksyms_t *, const char *);
extern const uint64_t *dt_ksyms_machinery(const dt_ksyms_t *, size_t *);
extern unsigned long dt_ksyms_loads(void);

#endif /* DT_KSYMS_H */
