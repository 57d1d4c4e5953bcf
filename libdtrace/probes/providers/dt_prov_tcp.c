/*
 * dt_prov_tcp.c: the tcp provider, on the kernel's raw tracepoints (no
 * kprobes here).  Probes are tcp:vmlinux::NAME, all on sock's
 * inet_sock_set_state (sk, oldstate, newstate), which the kernel fires
 * for every state change of a socket, before sk_state takes the new
 * state; the trampolines keep TCP's (sk_protocol IPPROTO_TCP) and tell
 * the probes apart by the transition:
 *
 *   state-change         every change; args[1] csinfo_t *, args[3]
 *                        tcpsinfo_t * (its state the new one), args[5]
 *                        tcplsinfo_t * (the old state); args[0], [2] and
 *                        [4] are void (0)
 *   connect-established  SYN-SENT -> ESTABLISHED: the SYN-ACK of an
 *                        active open has come
 *   accept-established   SYN-RECV -> ESTABLISHED: the last ACK of a
 *                        passive open has come, on the new socket
 *
 * The two established probes have DTrace's five arguments: pktinfo_t *
 * (pkt_addr 0), csinfo_t *, ipinfo_t *, tcpsinfo_t *, tcpinfo_t *, all
 * translated from the struct sock * (arg1 .. arg4): the segment that
 * established the connection is not at hand, so ipinfo_t and tcpinfo_t
 * describe it from the connection (from the remote end to the local one;
 * its sequence numbers, flags and window read 0).  Every probe has the
 * new state + 1 in arg6, which tcpsinfo_t's tcps_state reads (sk_state
 * still holds the old one when the tracepoint fires), and the old state
 * in arg5.  The D library's tcp.d and ip.d hold the types and
 * translators.
 *
 * Not built, for want of a tracepoint (dt_probe_absent() says why):
 * send (no tracepoint sees every segment sent), receive (tcp_probe sees
 * only segments of established connections on their fast path),
 * connect-request, connect-refused, accept-refused (tcp_send_reset and
 * tcp_receive_reset do not tell a refused connection from other resets).
 */
#include <stdio.h>
#include <string.h>

#include "../../core/dt_impl.h"
#include "../../codegen/dt_insn.h"

#define IPPROTO_TCP_NR	6
#define TCP_ESTABLISHED_NR	1	/* Linux's TCP states */
#define TCP_SYN_SENT_NR	2
#define TCP_SYN_RECV_NR	3

typedef struct tcp_probe {
	const char *tp_name;		/* probe name */
	uint32_t tp_tramp;		/* DT_TRAMP_TCP_* */
	const char *tp_args[6];		/* types of args[0..5] */
} tcp_probe_t;

#define PKT	"xlate <pktinfo_t *> (struct sk_buff *)"
#define CS	"xlate <csinfo_t *> (struct sock *)"
#define IPI	"xlate <ipinfo_t *> (struct sock *)"
#define TCPS	"xlate <tcpsinfo_t *> (struct sock *)"
#define TCPI	"xlate <tcpinfo_t *> (struct sock *)"
#define TCPLS	"xlate <tcplsinfo_t *> (int)"

static const tcp_probe_t dt_tcp_probes[] = {
	{ "accept-established", DT_TRAMP_TCP_ACCEPTEST,
	    { PKT, CS, IPI, TCPS, TCPI } },
	{ "connect-established", DT_TRAMP_TCP_CONNECTEST,
	    { PKT, CS, IPI, TCPS, TCPI } },
	{ "state-change", DT_TRAMP_TCP_STATE,
	    { "void *", CS, "void *", TCPS, "void *", TCPLS } },
};

#define NPROBES	(sizeof (dt_tcp_probes) / sizeof (dt_tcp_probes[0]))

static int
tcp_populate(dtrace_hdl_t *dtp)
{
	for (size_t i = 0; i < NPROBES; i++) {
		dt_probe_t *prp = dt_probe_create(dtp, &dt_prov_tcp,
		    "vmlinux", "", dt_tcp_probes[i].tp_name);

		if (prp == NULL)
			return (-1);
		prp->pr_tramp = dt_tcp_probes[i].tp_tramp;
		prp->pr_data = i;
	}
	return (0);
}

/*
 * ms_prid from the cookie, arguments zero; a socket that is not TCP's,
 * or a transition the probe does not mean, returns at once.  r6 is the
 * tracepoint's argument array (sk, oldstate, newstate).
 */
static int
tcp_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	struct bpf_insn in[64];
	size_t n = 0, jout[4], nj = 0;
	int16_t a = MS_OFF(ms_argv);
	int64_t proto;

	if ((proto = dt_ktype_offset(dtp, "sock", "sk_protocol")) < 0)
		return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data lacks "
		    "sock.sk_protocol"));
	n += dt_rawtp_cookie(pgp, in + n);
	in[n++] = STX(BPF_W, R9, MS_OFF(ms_prid), R0);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	/* sk->sk_protocol must be IPPROTO_TCP */
	in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 0);
	in[n++] = ST_IMM(BPF_DW, FP, -16, 0);
	in[n++] = MOV_REG(R3, BPF_REG_7);
	in[n++] = ALU_IMM(BPF_ADD, R3, (int32_t)proto);
	in[n++] = MOV_REG(R1, FP);
	in[n++] = ALU_IMM(BPF_ADD, R1, -16);
	in[n++] = MOV_IMM(R2, 2);
	in[n++] = CALL(BPF_FUNC_probe_read_kernel);
	in[n++] = LDX(BPF_H, R1, FP, -16);
	jout[nj++] = n;
	in[n++] = JMP_IMM(BPF_JNE, R1, IPPROTO_TCP_NR, 0);
	in[n++] = LDX(BPF_W, R1, R6, 8);	/* oldstate (an int) */
	in[n++] = LDX(BPF_W, R2, R6, 16);	/* newstate */
	if (pgp->pg_tramp != DT_TRAMP_TCP_STATE) {
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JNE, R1,
		    pgp->pg_tramp == DT_TRAMP_TCP_CONNECTEST ?
		    TCP_SYN_SENT_NR : TCP_SYN_RECV_NR, 0);
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JNE, R2, TCP_ESTABLISHED_NR, 0);
		in[n++] = STX(BPF_DW, R9, a + 16, BPF_REG_7);
		in[n++] = STX(BPF_DW, R9, a + 32, BPF_REG_7);
	}
	in[n++] = STX(BPF_DW, R9, a + 8, BPF_REG_7);
	in[n++] = STX(BPF_DW, R9, a + 24, BPF_REG_7);
	in[n++] = STX(BPF_DW, R9, a + 40, R1);
	in[n++] = ALU_IMM(BPF_ADD, R2, 1);
	in[n++] = STX(BPF_DW, R9, a + 48, R2);
	in[n++] = JMP_IMM(BPF_JA, 0, 0, 2);
	for (size_t j = 0; j < nj; j++)
		in[jout[j]].off = (int16_t)(n - jout[j] - 1);
	in[n++] = MOV_IMM(R0, 0);
	in[n++] = EXIT();
	return (dt_block_emit_all(dtp, blk, in, n));
}

static int
tcp_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	return (dt_rawtp_open(dtp, "inet_sock_set_state", pgp->pg_fd,
	    prp->pr_desc.id));
}

static int
tcp_argtype(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n, char *buf,
    size_t len)
{
	const tcp_probe_t *tp = &dt_tcp_probes[prp->pr_data];

	(void) dtp;
	if (n < 0 || n >= 6 || tp->tp_args[n] == NULL)
		return (-1);
	snprintf(buf, len, "%s", tp->tp_args[n]);
	return (0);
}

static const char *const tcp_names[] = {
	"accept-established", "connect-established", "state-change", NULL
};

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t tcp_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA)
};

const dt_provider_t dt_prov_tcp = {
	.pv_name = "tcp",
	.pv_attr = &tcp_attr,
	.pv_names = tcp_names,
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.pv_populate = tcp_populate,
	.pv_trampoline = tcp_trampoline,
	.pv_attach = tcp_attach,
	.pv_argtype = tcp_argtype,
};
