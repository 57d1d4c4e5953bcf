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
#include "dt_tpprov.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"

#define IPPROTO_TCP_NR	6
#define TCP_ESTABLISHED_NR	1	/* Linux's TCP states */
#define TCP_SYN_SENT_NR	2
#define TCP_SYN_RECV_NR	3

#define PKT	DT_ARGX("pktinfo_t *", "struct sk_buff *")
#define CS	DT_ARGX("csinfo_t *", "struct sock *")
#define IPI	DT_ARGX("ipinfo_t *", "struct sock *")
#define TCPS	DT_ARGX("tcpsinfo_t *", "struct sock *")
#define TCPI	DT_ARGX("tcpinfo_t *", "struct sock *")
#define TCPLS	DT_ARGX("tcplsinfo_t *", "int")

static const dt_tpprobe_t dt_tcp_probes[] = {
	{ "accept-established", "inet_sock_set_state", DT_TRAMP_TCP_ACCEPTEST,
	    { PKT, CS, IPI, TCPS, TCPI } },
	{ "connect-established", "inet_sock_set_state",
	    DT_TRAMP_TCP_CONNECTEST, { PKT, CS, IPI, TCPS, TCPI } },
	{ "state-change", "inet_sock_set_state", DT_TRAMP_TCP_STATE,
	    { DT_ARGV("void *"), CS, DT_ARGV("void *"), TCPS,
	      DT_ARGV("void *"), TCPLS } },
};

/*
 * A socket that is not TCP's, or a transition the probe does not mean,
 * goes to lskip.  r6 is the tracepoint's argument array (sk, oldstate,
 * newstate).
 */
static int
tcp_body(dtrace_hdl_t *dtp, dt_asm_t *as, const dt_program_t *pgp,
    int lskip)
{
	int16_t a = MS_OFF(ms_argv);
	int64_t proto;

	if ((proto = dt_ktype_offset(dtp, "sock", "sk_protocol")) < 0)
		return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data lacks "
		    "sock.sk_protocol"));
	/* sk->sk_protocol must be IPPROTO_TCP */
	dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
	dt_tpprov_kread(as, BPF_REG_7, proto, 2);
	dt_asm_jump(as, JMP_IMM(BPF_JNE, R0, IPPROTO_TCP_NR, 0), lskip);
	dt_asm_emit(as, LDX(BPF_W, R1, R6, 8));	/* oldstate (an int) */
	dt_asm_emit(as, LDX(BPF_W, R2, R6, 16));	/* newstate */
	if (pgp->pg_tramp != DT_TRAMP_TCP_STATE) {
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1,
		    pgp->pg_tramp == DT_TRAMP_TCP_CONNECTEST ?
		    TCP_SYN_SENT_NR : TCP_SYN_RECV_NR, 0), lskip);
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R2, TCP_ESTABLISHED_NR, 0),
		    lskip);
		dt_asm_emit(as, STX(BPF_DW, R9, a + 16, BPF_REG_7));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 32, BPF_REG_7));
	}
	dt_asm_emit(as, STX(BPF_DW, R9, a + 8, BPF_REG_7));
	dt_asm_emit(as, STX(BPF_DW, R9, a + 24, BPF_REG_7));
	dt_asm_emit(as, STX(BPF_DW, R9, a + 40, R1));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, 1));
	dt_asm_emit(as, STX(BPF_DW, R9, a + 48, R2));
	return (0);
}

/* dt_prov_tcp: the table and the body above, the rest dt_tpprov.c's */
DT_TPPROV_DEFINE(tcp, dt_tcp_probes, tcp_body)
