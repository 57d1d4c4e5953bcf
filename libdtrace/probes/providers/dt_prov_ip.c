/*
 * dt_prov_ip.c: the ip provider, on the network device layer's raw
 * tracepoints (no kprobes here).  Probes are ip:vmlinux::send and
 * ip:vmlinux::receive:
 *
 *   send     net_dev_queue (skb): an IP packet is queued to a device
 *            (loopback included), its IP header at skb->head +
 *            skb->network_header
 *   receive  netif_receive_skb (skb): a device hands an IP packet to the
 *            stack, its IP header at skb->data (the link header has been
 *            pulled; network_header is set only after the tracepoint)
 *
 * Packets that are not IPv4 or IPv6 (skb->protocol) are left out.  The
 * arguments are DTrace's: args[0] pktinfo_t * (the sk_buff), args[1]
 * csinfo_t * (skb->sk, 0 for a packet no socket owns), args[2] ipinfo_t *
 * and args[4] ipv4info_t * or args[5] ipv6info_t * (the IP header; the
 * other of the two is 0), args[3] ifinfo_t * (skb->dev), translated by
 * the D library's ip.d.  Both tracepoints are at the device layer, so
 * send does not see packets that never reach a device (none here: loopback
 * is a device) and receive sees them before netfilter and IP's own checks.
 */
#include "dt_tpprov.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"

#define ETH_P_IP_BE	0x0008	/* htons(ETH_P_IP), as a little-endian load */
#define ETH_P_IPV6_BE	0xdd86	/* htons(ETH_P_IPV6) */

#define IP_ARGS	{ DT_ARGX("pktinfo_t *", "struct sk_buff *"), \
		  DT_ARGX("csinfo_t *", "struct sock *"), \
		  DT_ARGX("ipinfo_t *", "struct iphdr *"), \
		  DT_ARGX("ifinfo_t *", "struct net_device *"), \
		  DT_ARGX("ipv4info_t *", "struct iphdr *"), \
		  DT_ARGX("ipv6info_t *", "struct ipv6hdr *") }

static const dt_tpprobe_t dt_ip_probes[] = {
	{ "receive", "netif_receive_skb", DT_TRAMP_IP_RECEIVE, IP_ARGS },
	{ "send", "net_dev_queue", DT_TRAMP_IP_SEND, IP_ARGS },
};

/*
 * The sk_buff's protocol: neither IPv4 nor IPv6 goes to lskip.  r6 is the
 * tracepoint's argument array (skb); r7 holds skb, arg2 the IP header's
 * address.
 */
static int
ip_body(dtrace_hdl_t *dtp, dt_asm_t *as, const dt_program_t *pgp, int lskip)
{
	static const char *const members[] = { "protocol", "head",
	    "network_header", "data", "sk", "dev" };
	int64_t off[6];
	int16_t a = MS_OFF(ms_argv);
	int lnot4, lhdr, lv6, lpkt;

	for (int i = 0; i < 6; i++) {
		if ((off[i] = dt_ktype_offset(dtp, "sk_buff", members[i])) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks sk_buff.%s", members[i]));
	}
	lnot4 = dt_asm_label(as);
	lhdr = dt_asm_label(as);
	lv6 = dt_asm_label(as);
	lpkt = dt_asm_label(as);
	dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
	dt_tpprov_kread(as, BPF_REG_7, off[0], 2);
	/* arg4 (IPv4) or arg5 (IPv6) will hold the header: 1 for now */
	dt_asm_jump(as, JMP_IMM(BPF_JNE, R0, ETH_P_IP_BE, 0), lnot4);
	dt_asm_emit(as, ST_IMM(BPF_DW, R9, a + 32, 1));
	dt_asm_jump(as, JA(), lhdr);
	dt_asm_set(as, lnot4);
	dt_asm_jump(as, JMP_IMM(BPF_JNE, R0, ETH_P_IPV6_BE, 0), lskip);
	dt_asm_emit(as, ST_IMM(BPF_DW, R9, a + 40, 1));
	/* the IP header */
	dt_asm_set(as, lhdr);
	if (pgp->pg_tramp == DT_TRAMP_IP_SEND) {
		dt_tpprov_kread(as, BPF_REG_7, off[1], 8);
		dt_asm_emit(as, STX(BPF_DW, R9, a + 16, R0));
		dt_tpprov_kread(as, BPF_REG_7, off[2], 2);
		dt_asm_emit(as, LDX(BPF_DW, R1, R9, a + 16));
		dt_asm_emit(as, ALU_REG(BPF_ADD, R1, R0));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 16, R1));
	} else {
		dt_tpprov_kread(as, BPF_REG_7, off[3], 8);
		dt_asm_emit(as, STX(BPF_DW, R9, a + 16, R0));
	}
	dt_asm_emit(as, LDX(BPF_DW, R1, R9, a + 16));
	dt_asm_emit(as, LDX(BPF_DW, R2, R9, a + 32));
	dt_asm_jump(as, JMP_IMM(BPF_JEQ, R2, 0, 0), lv6);
	dt_asm_emit(as, STX(BPF_DW, R9, a + 32, R1));
	dt_asm_jump(as, JA(), lpkt);
	dt_asm_set(as, lv6);
	dt_asm_emit(as, STX(BPF_DW, R9, a + 40, R1));
	/* the packet, its socket and its device */
	dt_asm_set(as, lpkt);
	dt_asm_emit(as, STX(BPF_DW, R9, a, BPF_REG_7));
	dt_tpprov_kread(as, BPF_REG_7, off[4], 8);
	dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R0));
	dt_tpprov_kread(as, BPF_REG_7, off[5], 8);
	dt_asm_emit(as, STX(BPF_DW, R9, a + 24, R0));
	return (0);
}

/* dt_prov_ip: the table and the body above, the rest dt_tpprov.c's */
DT_TPPROV_DEFINE(ip, dt_ip_probes, ip_body)
