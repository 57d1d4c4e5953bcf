/*
 * dt_block.c: growable blocks of BPF instructions with their relocations,
 * and a disassembler for -S.
 *
 * A block is position independent: jumps inside it are relative, and the
 * few things that depend on where it lands (map file descriptors, map value
 * addresses, its own instruction index) are listed as relocations that the
 * program assembler and the loader resolve.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/dt_impl.h"
#include "dt_cg.h"

int
dt_block_emit(dtrace_hdl_t *dtp, dt_block_t *blk, struct bpf_insn insn)
{
	if (blk->db_len == blk->db_cap &&
	    dt_grow(dtp, (void **)&blk->db_insns, &blk->db_cap, 64,
	    sizeof (struct bpf_insn)) != 0)
		return (-1);
	blk->db_insns[blk->db_len++] = insn;
	return (0);
}

int
dt_block_emit_all(dtrace_hdl_t *dtp, dt_block_t *blk,
    const struct bpf_insn *in, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (dt_block_emit(dtp, blk, in[i]) != 0)
			return (-1);
	}
	return (0);
}

int
dt_block_reloc(dtrace_hdl_t *dtp, dt_block_t *blk, uint32_t insn,
    dt_relkind_t kind)
{
	if (blk->db_nrels == blk->db_relcap &&
	    dt_grow(dtp, (void **)&blk->db_rels, &blk->db_relcap, 16,
	    sizeof (dt_reloc_t)) != 0)
		return (-1);
	blk->db_rels[blk->db_nrels].dr_insn = insn;
	blk->db_rels[blk->db_nrels].dr_kind = kind;
	blk->db_nrels++;
	return (0);
}

/* Append src to dst, shifting its relocations and resolving DT_REL_PC. */
int
dt_block_append(dtrace_hdl_t *dtp, dt_block_t *dst, const dt_block_t *src)
{
	uint32_t base = dst->db_len;

	for (uint32_t i = 0; i < src->db_len; i++) {
		if (dt_block_emit(dtp, dst, src->db_insns[i]) != 0)
			return (-1);
	}
	for (uint32_t i = 0; i < src->db_nrels; i++) {
		const dt_reloc_t *r = &src->db_rels[i];

		if (r->dr_kind == DT_REL_PC) {
			dst->db_insns[base + r->dr_insn].imm += (int32_t)base;
			continue;
		}
		if (dt_block_reloc(dtp, dst, base + r->dr_insn,
		    r->dr_kind) != 0)
			return (-1);
	}
	return (0);
}

void
dt_block_free(dt_block_t *blk)
{
	free(blk->db_insns);
	free(blk->db_rels);
	memset(blk, 0, sizeof (*blk));
}

static const char *const mapnames[DT_MAP_COUNT] = {
	"output", "dctx", "globals", "strtab", "probes", "zero", "spec",
	"usdt_prids", "usdt_gen"
};

static const char *
aluop(uint8_t op)
{
	static const char *const names[16] = { "add", "sub", "mul", "div",
	    "or", "and", "lsh", "rsh", "neg", "mod", "xor", "mov", "arsh",
	    "end", "?", "?" };

	return (names[op >> 4]);
}

static const char *
jmpop(uint8_t op)
{
	static const char *const names[16] = { "ja", "jeq", "jgt", "jge",
	    "jset", "jne", "jsgt", "jsge", "call", "exit", "jlt", "jle",
	    "jslt", "jsle", "?", "?" };

	return (names[op >> 4]);
}

static const char *
sizename(uint8_t sz)
{
	switch (sz) {
	case BPF_B: return ("u8");
	case BPF_H: return ("u16");
	case BPF_W: return ("u32");
	default: return ("u64");
	}
}

/*
 * Print the block as one instruction a line, numbered from base, as DTrace
 * for Linux lists BPF: the instruction's number (4 digits), its byte
 * offset (5), a colon, the opcode byte in hex, then the fields and the
 * instruction in words.
 */
void
dt_block_dump(const dt_block_t *blk, FILE *fp, uint32_t base)
{
	for (uint32_t i = 0; i < blk->db_len; i++) {
		const struct bpf_insn *in = &blk->db_insns[i];
		uint8_t cls = BPF_CLASS(in->code);
		const char *rel = NULL;

		for (uint32_t r = 0; r < blk->db_nrels; r++) {
			if (blk->db_rels[r].dr_insn == i &&
			    blk->db_rels[r].dr_kind != DT_REL_PC &&
			    in->imm >= 0 && in->imm < DT_MAP_COUNT)
				rel = mapnames[in->imm];
		}
		fprintf(fp, "%04u %05u: %02x %x %x %6d %11d  ", base + i,
		    (base + i) * 8, in->code, in->dst_reg, in->src_reg, in->off,
		    in->imm);
		switch (cls) {
		case BPF_ALU64:
		case BPF_ALU:
			if (BPF_OP(in->code) == BPF_NEG)
				fprintf(fp, "%s%s r%d", aluop(BPF_OP(in->code)),
				    cls == BPF_ALU ? "32" : "", in->dst_reg);
			else if (BPF_SRC(in->code) == BPF_X)
				fprintf(fp, "%s%s r%d, r%d",
				    aluop(BPF_OP(in->code)),
				    cls == BPF_ALU ? "32" : "", in->dst_reg,
				    in->src_reg);
			else
				fprintf(fp, "%s%s r%d, %d",
				    aluop(BPF_OP(in->code)),
				    cls == BPF_ALU ? "32" : "", in->dst_reg,
				    in->imm);
			break;
		case BPF_JMP:
			if (BPF_OP(in->code) == BPF_CALL &&
			    in->src_reg == BPF_PSEUDO_CALL)
				fprintf(fp, "call routine %d", in->imm);
			else if (BPF_OP(in->code) == BPF_CALL)
				fprintf(fp, "call %d", in->imm);
			else if (BPF_OP(in->code) == BPF_EXIT)
				fprintf(fp, "exit");
			else if (BPF_OP(in->code) == BPF_JA)
				fprintf(fp, "ja %+d", in->off);
			else if (BPF_SRC(in->code) == BPF_X)
				fprintf(fp, "%s r%d, r%d, %+d",
				    jmpop(BPF_OP(in->code)), in->dst_reg,
				    in->src_reg, in->off);
			else
				fprintf(fp, "%s r%d, %d, %+d",
				    jmpop(BPF_OP(in->code)), in->dst_reg,
				    in->imm, in->off);
			break;
		case BPF_LDX:
			fprintf(fp, "r%d = *(%s *)(r%d %+d)", in->dst_reg,
			    sizename(BPF_SIZE(in->code)), in->src_reg, in->off);
			break;
		case BPF_STX:
			fprintf(fp, "*(%s *)(r%d %+d) = r%d",
			    sizename(BPF_SIZE(in->code)), in->dst_reg, in->off,
			    in->src_reg);
			break;
		case BPF_ST:
			fprintf(fp, "*(%s *)(r%d %+d) = %d",
			    sizename(BPF_SIZE(in->code)), in->dst_reg, in->off,
			    in->imm);
			break;
		case BPF_LD:
			if (i + 1 < blk->db_len) {
				uint64_t v = (uint32_t)in->imm |
				    (uint64_t)(uint32_t)in[1].imm << 32;

				if (rel != NULL && in->src_reg ==
				    BPF_PSEUDO_MAP_VALUE)
					fprintf(fp, "r%d = &%s + %d",
					    in->dst_reg, rel, in[1].imm);
				else if (rel != NULL)
					fprintf(fp, "r%d = map %s",
					    in->dst_reg, rel);
				else if (in->src_reg == BPF_PSEUDO_MAP_FD &&
				    (in->imm & DT_MAP_OUTER))
					fprintf(fp, "r%d = map of maps of "
					    "variable map %d", in->dst_reg,
					    (in->imm & ~DT_MAP_OUTER) -
					    DT_MAP_COUNT);
				else
					fprintf(fp, "r%d = 0x%llx",
					    in->dst_reg, (unsigned long long)v);
				fputc('\n', fp);
				i++;
				fprintf(fp, "%04u %05u: %02x %x %x %6d %11d",
				    base + i, (base + i) * 8, in[1].code,
				    in[1].dst_reg, in[1].src_reg, in[1].off,
				    in[1].imm);
			}
			break;
		default:
			fprintf(fp, "?");
		}
		fputc('\n', fp);
	}
}
