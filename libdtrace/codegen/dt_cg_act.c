/*
 * dt_cg_act.c: the actions that fill records: trace(), print(),
 * printf() and its kin, tracemem(), exit(), setopt(), ftruncate(), and
 * the signals (raise(), stop()).
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"
#include "../consume/dt_consume.h"

/* Store r0, a value of type t, at data offset off of the record. */
void
dt_cg_store_data(dt_cg_t *cg, dt_type_t t, uint32_t off)
{
	if (t.ty_kind == DT_TK_FLOAT) {		/* r0 is its address */
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    dt_cg_data_off(cg, off), (int32_t)t.ty_size);
		return;
	}
	if (t.ty_kind == DT_TK_STRING) {
		dt_cg_emit(cg, MOV_REG(R3, R0));
		dt_cg_emit_dctx_addr(cg, R1, (uint32_t)dt_cg_data_off(cg, off));
		dt_cg_emit(cg, MOV_IMM(R2,
		    (int32_t)dt_strbuf(cg->cg_hdl)));
		dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
		return;
	}
	dt_cg_emit(cg, STX(BPF_DW, R9, dt_cg_data_off(cg, off), R0));
}

/*
 * raise(sig): the signal to the current thread (bpf_send_signal_thread);
 * a number that is no signal (1 to 64) is DTrace's illegal operation
 * fault.  stop(): SIGSTOP to the current process (bpf_send_signal), which
 * stops every thread of it, as DTrace stops the process.  The helpers
 * refuse kernel threads and exiting tasks (-EPERM): the action then does
 * nothing, as there is no process to signal.
 */
void
dt_cg_signal(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	if (dnp->dn_builtin->di_id == DT_FN_STOP) {
		dt_cg_emit(cg, MOV_IMM(R1, SIGSTOP));
		dt_cg_emit(cg, CALL(BPF_FUNC_send_signal));
		return;
	}
	int lok = dt_cg_label_new(cg);

	dt_cg_expr(cg, dnp->dn_args);
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R1, 63, 0), lok);
	dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, R0);
	dt_cg_label_set(cg, lok);
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit(cg, CALL(BPF_FUNC_send_signal_thread));
}

/*
 * The actions of the rows of dt_fn.c (fn_cg), called by cg_stmt with the
 * action's record (DT_FF_RECORD), or NULL when it records nothing.
 */

void
dt_cg_trace(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	dt_cg_expr_rec(cg, e->dn_args, r->dr_type);
	if (e->dn_args->dn_type.ty_kind == DT_TK_FLOAT &&
	    r->dr_kind == DTRACEACT_DIFEXPR) {
		/* a float or double: the integer of its bits */
		dt_cg_emit_read_value(cg, r->dr_type.ty_size);
		dt_cg_normalize(cg, r->dr_type);
	}
	if (r->dr_kind == DTRACEACT_TRACEMEM)	/* a struct's bytes */
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    dt_cg_data_off(cg, r->dr_offset), (int32_t)r->dr_size);
	else
		dt_cg_store_data(cg, r->dr_type, r->dr_offset);
}

/* setopt( ): a value made at run time, recorded as trace( ) records it */
void
dt_cg_setopt(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	if (r->dr_size == 0)	/* name and value known at compile time */
		return;
	dt_cg_expr(cg, e->dn_args->dn_list);
	dt_cg_store_data(cg, r->dr_type, r->dr_offset);
}

/* ftruncate( ): the record alone */
void
dt_cg_record_only(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	(void) cg;
	(void) e;
	(void) r;
}

void
dt_cg_print(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	dt_cg_expr_rec(cg, e->dn_args, r->dr_type);
	if (r->dr_btf == 0) {
		dt_cg_store_data(cg, r->dr_type, r->dr_offset);
		return;
	}
	/* the address, then the bytes there (or ERROR) */
	dt_cg_emit(cg, STX(BPF_DW, R9, dt_cg_data_off(cg, r->dr_offset), R0));
	dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
	    dt_cg_data_off(cg, r->dr_offset + 8), (int32_t)r->dr_size - 8);
}

void
dt_cg_tracemem(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	/* the limit shown, then the bytes, or ERROR for a bad address */
	uint32_t off = r->dr_offset;

	if (r->dr_dynsize) {
		dt_type_t t = { DT_TK_INT, 8, 1, 0 };

		dt_cg_expr_as(cg, e->dn_args->dn_list->dn_list, t);
		dt_cg_store_data(cg, t, off);
		off += 8;
	}
	dt_cg_expr(cg, e->dn_args);
	dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
	    dt_cg_data_off(cg, off), (int32_t)(r->dr_size - (off -
	    r->dr_offset)));
}

void
dt_cg_exit(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	dt_cg_expr_as(cg, e->dn_args, r->dr_type);
	dt_cg_store_data(cg, r->dr_type, r->dr_offset);
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, 0);
	dt_cg_emit(cg, ST_IMM(BPF_W, R1, (int16_t)offsetof(dt_gstate_t,
	    gs_activity), DT_ACT_DRAINING));
	cg->cg_clause->dc_exits = true;	/* the program ends the firing here */
}

/* printf( ), system( ), freopen( ): formatted (then run) by the consumer */
void
dt_cg_printf(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	unsigned int i = 0;

	for (dt_node_t *a = e->dn_args->dn_list; a != NULL;
	    a = a->dn_list, i++) {
		/* once stored, an argument's temporaries are free */
		int ntmp = cg->cg_ntmp;

		dt_cg_expr_rec(cg, a, r->dr_args[i].dr_type);
		dt_cg_store_data(cg, r->dr_args[i].dr_type,
		    r->dr_args[i].dr_offset);
		cg->cg_ntmp = ntmp;
	}
	if (i > 0 && dt_printf_uaddr(r->dr_pfmt)) {	/* %A */
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
		dt_cg_store_data(cg, r->dr_args[i].dr_type,
		    r->dr_args[i].dr_offset);
	}
}
