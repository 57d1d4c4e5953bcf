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
#include <stdio.h>
#include <string.h>

#include "../../core/dt_impl.h"
#include "../../codegen/dt_insn.h"

#define ETH_P_IP_BE	0x0008	/* htons(ETH_P_IP), as a little-endian load */
#define ETH_P_IPV6_BE	0xdd86	/* htons(ETH_P_IPV6) */

typedef struct ip_probe {
	const char *ip_name;		/* probe name */
	const char *ip_tp;		/* raw tracepoint */
	uint32_t ip_tramp;		/* DT_TRAMP_IP_* */
} ip_probe_t;

static const ip_probe_t dt_ip_probes[] = {
	{ "receive", "netif_receive_skb", DT_TRAMP_IP_RECEIVE },
	{ "send", "net_dev_queue", DT_TRAMP_IP_SEND },
};

#define NPROBES	(sizeof (dt_ip_probes) / sizeof (dt_ip_probes[0]))

static const char *const dt_ip_argtypes[] = {
	"xlate <pktinfo_t *> (struct sk_buff *)",
	"xlate <csinfo_t *> (struct sock *)",
	"xlate <ipinfo_t *> (struct iphdr *)",
	"xlate <ifinfo_t *> (struct net_device *)",
	"xlate <ipv4info_t *> (struct iphdr *)",
	"xlate <ipv6info_t *> (struct ipv6hdr *)",
};

static int
ip_populate(dtrace_hdl_t *dtp)
{
	for (size_t i = 0; i < NPROBES; i++) {
		dt_probe_t *prp = dt_probe_create(dtp, &dt_prov_ip,
		    "vmlinux", "", dt_ip_probes[i].ip_name);

		if (prp == NULL)
			return (-1);
		prp->pr_tramp = dt_ip_probes[i].ip_tramp;
		prp->pr_data = i;
	}
	return (0);
}

/* r0 = the size-byte member at off of the sk_buff in r7 (0 if unreadable) */
static size_t
emit_skb_read(struct bpf_insn *in, size_t n, int64_t off, int size)
{
	in[n++] = ST_IMM(BPF_DW, FP, -16, 0);
	in[n++] = MOV_REG(R3, BPF_REG_7);
	in[n++] = ALU_IMM(BPF_ADD, R3, (int32_t)off);
	in[n++] = MOV_REG(R1, FP);
	in[n++] = ALU_IMM(BPF_ADD, R1, -16);
	in[n++] = MOV_IMM(R2, size);
	in[n++] = CALL(BPF_FUNC_probe_read_kernel);
	in[n++] = LDX(size == 8 ? BPF_DW : BPF_H, R0, FP, -16);
	return (n);
}

/*
 * ms_prid from the cookie, arguments zero, then the sk_buff's protocol:
 * neither IPv4 nor IPv6 returns at once.  r6 is the tracepoint's argument
 * array (skb); r7 holds skb, arg2 the IP header's address.
 */
static int
ip_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	static const char *const members[] = { "protocol", "head",
	    "network_header", "data", "sk", "dev" };
	int64_t off[6];
	struct bpf_insn in[128];
	size_t n = 0, jv6, jout;
	int16_t a = MS_OFF(ms_argv);

	for (int i = 0; i < 6; i++) {
		if ((off[i] = dt_ktype_offset(dtp, "sk_buff", members[i])) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks sk_buff.%s", members[i]));
	}
	n += dt_rawtp_cookie(pgp, in + n);
	in[n++] = STX(BPF_W, R9, MS_OFF(ms_prid), R0);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 0);
	n = emit_skb_read(in, n, off[0], 2);
	/* arg4 (IPv4) or arg5 (IPv6) will hold the header: 1 for now */
	in[n++] = JMP_IMM(BPF_JNE, R0, ETH_P_IP_BE, 2);
	in[n++] = ST_IMM(BPF_DW, R9, a + 32, 1);
	in[n++] = JMP_IMM(BPF_JA, 0, 0, 2);
	jout = n;
	in[n++] = JMP_IMM(BPF_JNE, R0, ETH_P_IPV6_BE, 0);
	in[n++] = ST_IMM(BPF_DW, R9, a + 40, 1);
	/* the IP header */
	if (pgp->pg_tramp == DT_TRAMP_IP_SEND) {
		n = emit_skb_read(in, n, off[1], 8);
		in[n++] = STX(BPF_DW, R9, a + 16, R0);
		n = emit_skb_read(in, n, off[2], 2);
		in[n++] = LDX(BPF_DW, R1, R9, a + 16);
		in[n++] = ALU_REG(BPF_ADD, R1, R0);
		in[n++] = STX(BPF_DW, R9, a + 16, R1);
	} else {
		n = emit_skb_read(in, n, off[3], 8);
		in[n++] = STX(BPF_DW, R9, a + 16, R0);
	}
	in[n++] = LDX(BPF_DW, R1, R9, a + 16);
	in[n++] = LDX(BPF_DW, R2, R9, a + 32);
	jv6 = n;
	in[n++] = JMP_IMM(BPF_JEQ, R2, 0, 0);
	in[n++] = STX(BPF_DW, R9, a + 32, R1);
	in[n++] = JMP_IMM(BPF_JA, 0, 0, 1);
	in[jv6].off = (int16_t)(n - jv6 - 1);
	in[n++] = STX(BPF_DW, R9, a + 40, R1);
	/* the packet, its socket and its device */
	in[n++] = STX(BPF_DW, R9, a, BPF_REG_7);
	n = emit_skb_read(in, n, off[4], 8);
	in[n++] = STX(BPF_DW, R9, a + 8, R0);
	n = emit_skb_read(in, n, off[5], 8);
	in[n++] = STX(BPF_DW, R9, a + 24, R0);
	in[n++] = JMP_IMM(BPF_JA, 0, 0, 2);
	in[jout].off = (int16_t)(n - jout - 1);
	in[n++] = MOV_IMM(R0, 0);
	in[n++] = EXIT();
	return (dt_block_emit_all(dtp, blk, in, n));
}

static int
ip_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	return (dt_rawtp_open(dtp, dt_ip_probes[prp->pr_data].ip_tp,
	    pgp->pg_fd, prp->pr_desc.id));
}

static int
ip_argtype(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n, char *buf,
    size_t len)
{
	(void) dtp;
	(void) prp;
	if (n < 0 || n >= 6)
		return (-1);
	snprintf(buf, len, "%s", dt_ip_argtypes[n]);
	return (0);
}

static const char *const ip_names[] = { "receive", "send", NULL };

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t ip_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA)
};

const dt_provider_t dt_prov_ip = {
	.pv_name = "ip",
	.pv_attr = &ip_attr,
	.pv_names = ip_names,
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.pv_populate = ip_populate,
	.pv_trampoline = ip_trampoline,
	.pv_attach = ip_attach,
	.pv_argtype = ip_argtype,
};
