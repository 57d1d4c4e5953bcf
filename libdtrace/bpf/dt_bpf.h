/*
 * dt_bpf.h: maps, program loads and BPF links (bpf/dt_bpf.c).
 */
#ifndef DT_BPF_H
#define DT_BPF_H

#include "../core/dt_impl.h"
#include "../codegen/dt_block.h"

/* bpf/dt_bpf.c */
extern int dt_bpf_syscall(int, void *, size_t);
extern int dt_bpf_maps_create(dtrace_hdl_t *);
extern int dt_bpf_map_create(int, const char *, uint32_t, uint32_t, uint32_t,
    uint32_t);
extern int dt_bpf_prog_load(dtrace_hdl_t *, dt_block_t *, int, const char *,
    dt_program_t *);
extern void dt_bpf_close(dtrace_hdl_t *);
extern int dt_bpf_probe_add(dtrace_hdl_t *, const dt_probe_t *);
#define DT_BPF_TRACE_UPROBE_MULTI	48	/* attach type */
#define DT_ENOTSUPP	524	/* the kernel's ENOTSUPP, not in user headers */
extern int dt_bpf_uprobe_multi(int, const char *, const uint64_t *,
    const uint64_t *, const uint64_t *, uint32_t, bool, pid_t);

#endif /* DT_BPF_H */
