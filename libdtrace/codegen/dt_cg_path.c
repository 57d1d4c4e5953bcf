/*
 * dt_cg_path.c: paths: d_path() and the fds[] walk of a file's dentries,
 * basename(), dirname(), cleanpath().  The last three are runtime
 * routines: each call site copies its string and calls the routine, a
 * global function of the program the verifier checks once
 * (dt_cg_sub_*(), emitted by dt_cg_program()).
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"

/*
 * Path names: d_path(), cwd, root and fds[].
 *
 * bpf_d_path is only allowed in fentry and LSM programs, so the walk is
 * written here, as the kernel's d_path does it: from the path's dentry
 * and vfsmount, prepend "/" and the dentry's name (d_name) and go to its
 * d_parent; at the root of a mount (dentry == mnt->mnt_root) go on from
 * the mount point in the parent mount (struct mount holds the vfsmount
 * as its member mnt: container_of), and stop at the current task's root
 * (fs->root, the same dentry and vfsmount: a chrooted process sees its
 * own paths) or at the root of the mount tree (a mount that is its own
 * parent), or at a dentry that is its own parent (a tree that is not
 * mounted).  An unlinked dentry (unhashed, not a root) ends in
 * " (deleted)", as the kernel writes it.  The name is built backwards in
 * one temporary and copied to another.  The walk takes at most
 * DT_DPATH_DEPTH steps (a component or a mount crossing each); a path
 * that needs more, or that does not fit in strsize bytes, keeps its
 * end and begins with "..." where its first components would be.
 */
#define DT_DPATH_DEPTH 64	/* steps of the walk */

/* r3 = r9 + off + r1, with 0 <= r1 <= hi for the verifier (else lbad) */
static void
emit_tmp_pos(dt_cg_t *cg, uint32_t off, int32_t hi, int lbad)
{
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R1, hi, 0), lbad);
	dt_cg_emit(cg, MOV_REG(R3, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)off));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R1));
}

/*
 * r0 = the size bytes at the address in r0 (0 if it cannot be read), the
 * helper's result or-ed into stack slot serr: the walk's reads do not
 * branch (a branch to the fault handler at each read, at every step, is
 * as many paths for the verifier to follow); serr is tested once a step.
 */
static void
emit_read_acc(dt_cg_t *cg, int size, int16_t serr)
{
	int16_t vslot;

	dt_cg_emit(cg, MOV_REG(R3, R0));
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	vslot = dt_cg_push(cg);
	dt_cg_emit(cg, MOV_REG(R1, FP));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, vslot));
	dt_cg_emit(cg, MOV_IMM(R2, size));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel));
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, serr));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R1, R0));
	dt_cg_emit(cg, STX(BPF_DW, FP, serr, R1));
	dt_cg_pop(cg, R0);
}

/*
 * The name of a pipe or a socket, "PREFIX[INO]" (the inode number in slot
 * sino), built backwards in buf before its NUL; then to lcopy with spos
 * at its start.  The digits are unrolled, each at a fixed position.
 */
static void
emit_pseudo_num(dt_cg_t *cg, uint32_t buf, const char *prefix, int16_t sino,
    int16_t spos, int lcopy)
{
	int32_t ss = (int32_t)dt_strbuf(cg->cg_hdl);
	int32_t plen = (int32_t)strlen(prefix);
	int lprefix = dt_cg_label_new(cg);

	dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(buf + ss - 1), 0));
	dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(buf + ss - 2), ']'));
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, sino));
	for (int32_t i = 0; i < 20; i++) {
		dt_cg_emit(cg, MOV_REG(R2, R1));
		dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_MOD | BPF_K, R2, 0, 0, 10));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, '0'));
		dt_cg_emit(cg, STX(BPF_B, R9, (int16_t)(buf + ss - 3 - i), R2));
		dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_DIV | BPF_K, R1, 0, 0, 10));
		dt_cg_emit(cg, ST_IMM(BPF_DW, FP, spos, ss - 3 - i));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lprefix);
	}
	dt_cg_label_set(cg, lprefix);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, spos));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, plen));
	dt_cg_emit(cg, STX(BPF_DW, FP, spos, R1));
	emit_tmp_pos(cg, buf, ss - 1 - plen, lcopy);
	for (int32_t i = 0; i < plen; i++)
		dt_cg_emit(cg, ST_IMM(BPF_B, R3, (int16_t)i, prefix[i]));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lcopy);
}

/*
 * r0 = the path name of the struct path at the address in r0 (mount: of
 * the struct vfsmount there, the path of its root: its mount point);
 * taskroot: stop at the current task's root (else only at the root of
 * the mount tree, for root: the global path of a chroot's directory).
 * pseudo: name pipes, sockets and anonymous inodes (d_path(), not cwd
 * and root, which are directories).
 */
void
dt_cg_emit_path_walk(dt_cg_t *cg, bool taskroot, bool mount, bool pseudo)
{
	const int32_t *po = cg->cg_clause->dc_pathoff;
	int32_t ss = (int32_t)dt_strbuf(cg->cg_hdl);
	uint32_t out = dt_cg_tmp_alloc(cg), buf = dt_cg_tmp_alloc(cg);	/* in order */
	int lloop = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
	int ltrunc = dt_cg_label_new(cg), lcopy = dt_cg_label_new(cg);
	int lnofs = dt_cg_label_new(cg), lnotdel = dt_cg_label_new(cg);
	int lnotmnt = dt_cg_label_new(cg);
	int lskip = dt_cg_label_new(cg), lend = dt_cg_label_new(cg);
	int16_t srootd, srootm, spos, sstart, scnt, sparent, sname, serr;
	static const char deleted[] = " (deleted)";
	int32_t dlen = (int32_t)sizeof (deleted) - 1;

	if (!cg->cg_clause->dc_pathoffs)
		dt_cg_fail(cg, "D_CG", "internal error: no path offsets");
	/* r8 = path->mnt, r7 = path->dentry (mount: r8 = it, its root) */
	if (mount) {
		dt_cg_emit(cg, MOV_REG(R8, R0));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_MNT_ROOT]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit(cg, MOV_REG(R7, R0));
	} else {
		dt_cg_emit(cg, MOV_REG(R7, R0));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_PATH_MNT]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit(cg, MOV_REG(R8, R0));
		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_PATH_DENTRY]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit(cg, MOV_REG(R7, R0));
	}
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	srootd = dt_cg_push(cg);
	srootm = dt_cg_push(cg);
	spos = dt_cg_push(cg);
	sstart = dt_cg_push(cg);
	scnt = dt_cg_push(cg);
	sparent = dt_cg_push(cg);
	sname = dt_cg_push(cg);
	serr = dt_cg_push(cg);

	/*
	 * A pipe, a socket or an anonymous inode (its dentry a root, not
	 * its mount's) is named as the kernel names it (d_dname):
	 * pipe:[INO], socket:[INO], anon_inode:NAME.
	 */
	if (pseudo && !mount && ss >= 48) {
		int lnot = dt_cg_label_new(cg), lpipe = dt_cg_label_new(cg);
		int lsock = dt_cg_label_new(cg), lanon = dt_cg_label_new(cg);
		static const char anon[] = "anon_inode:";
		int32_t alen = (int32_t)sizeof (anon) - 1;

		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_PARENT]));
		emit_read_acc(cg, 8, serr);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, R0, R7, 0), lnot);
		dt_cg_emit(cg, MOV_REG(R0, R8));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_MNT_ROOT]));
		emit_read_acc(cg, 8, serr);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R7, 0), lnot);
		dt_cg_emit(cg, MOV_REG(R0, R8));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_MNT_SB]));
		emit_read_acc(cg, 8, serr);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_SB_TYPE]));
		emit_read_acc(cg, 8, serr);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_FST_NAME]));
		emit_read_acc(cg, 8, serr);
		emit_read_acc(cg, 8, serr);	/* its first 8 bytes */
		dt_cg_emit(cg, STX(BPF_DW, FP, sname, R0));
		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_INODE]));
		emit_read_acc(cg, 8, serr);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_I_INO]));
		emit_read_acc(cg, 8, serr);
		dt_cg_emit(cg, STX(BPF_DW, FP, sparent, R0));
		dt_cg_emit(cg, LDX(BPF_DW, R0, FP, serr));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lnot);
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, sname));
		/* "anon_ino" */
		dt_cg_emit_imm64(cg, R2, 0x6f6e695f6e6f6e61ULL);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), lanon);
		dt_cg_emit_imm64(cg, R2, 0x00ffffffffffffffULL);	/* 7 bytes */
		dt_cg_emit(cg, ALU_REG(BPF_AND, R1, R2));
		dt_cg_emit_imm64(cg, R2, 0x0000736665706970ULL);	/* "pipefs" */
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), lpipe);
		dt_cg_emit_imm64(cg, R2, 0x000073666b636f73ULL);	/* "sockfs" */
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R1, R2, 0), lsock);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnot);
		dt_cg_label_set(cg, lpipe);
		emit_pseudo_num(cg, buf, "pipe:[", sparent, spos, lcopy);
		dt_cg_label_set(cg, lsock);
		emit_pseudo_num(cg, buf, "socket:[", sparent, spos, lcopy);
		/* anon_inode: and the dentry's name, straight into out */
		dt_cg_label_set(cg, lanon);
		for (int32_t i = 0; i < alen; i++)
			dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(out + i),
			    anon[i]));
		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_NAME_NAME]));
		emit_read_acc(cg, 8, serr);
		dt_cg_emit(cg, MOV_REG(R3, R0));
		dt_cg_emit_dctx_addr(cg, R1, out + (uint32_t)alen);
		dt_cg_emit(cg, MOV_IMM(R2, ss - alen));
		dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), lend);
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(out + alen), 0));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lend);
		dt_cg_label_set(cg, lnot);
		dt_cg_emit(cg, ST_IMM(BPF_DW, FP, serr, 0));
	}

	/* the task's root: current->fs->root (none: the global root) */
	if (taskroot) {
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_TASK_FS]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lnofs);
		dt_cg_emit(cg, STX(BPF_DW, FP, srootd, R0));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_FS_ROOT] +
		    po[DT_PO_PATH_MNT]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit(cg, STX(BPF_DW, FP, srootm, R0));
		dt_cg_emit(cg, LDX(BPF_DW, R0, FP, srootd));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_FS_ROOT] +
		    po[DT_PO_PATH_DENTRY]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit(cg, STX(BPF_DW, FP, srootd, R0));
	}
	dt_cg_label_set(cg, lnofs);

	/* the name ends at the end of buf */
	dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(buf + ss - 1), 0));
	dt_cg_emit(cg, ST_IMM(BPF_DW, FP, spos, ss - 1));
	dt_cg_emit(cg, ST_IMM(BPF_DW, FP, sstart, ss - 1));
	if (ss > 4 * dlen) {
		/* unlinked: d_hash.pprev == NULL and not its own parent */
		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_HASH_PPREV]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lnotdel);
		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_PARENT]));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R7, 0), lnotdel);
		for (int32_t i = 0; i < dlen; i++)
			dt_cg_emit(cg, ST_IMM(BPF_B, R9,
			    (int16_t)(buf + ss - 1 - dlen + i), deleted[i]));
		dt_cg_emit(cg, ST_IMM(BPF_DW, FP, spos, ss - 1 - dlen));
		dt_cg_emit(cg, ST_IMM(BPF_DW, FP, sstart, ss - 1 - dlen));
		dt_cg_label_set(cg, lnotdel);
	}

	dt_cg_label_set(cg, lloop);
	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, serr));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ltrunc);
	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, scnt));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R0, DT_DPATH_DEPTH, 0), ltrunc);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, 1));
	dt_cg_emit(cg, STX(BPF_DW, FP, scnt, R0));
	if (taskroot) {		/* the task's root */
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, srootd));
		dt_cg_emit(cg, ALU_REG(BPF_XOR, R1, R7));
		dt_cg_emit(cg, LDX(BPF_DW, R2, FP, srootm));
		dt_cg_emit(cg, ALU_REG(BPF_XOR, R2, R8));
		dt_cg_emit(cg, ALU_REG(BPF_OR, R1, R2));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), ldone);
	}
	/* the root of a mount: go on in the parent mount */
	dt_cg_emit(cg, MOV_REG(R0, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_MNT_ROOT]));
	emit_read_acc(cg, 8, serr);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, R0, R7, 0), lnotmnt);
	dt_cg_emit(cg, MOV_REG(R0, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_MOUNT_PARENT] -
	    po[DT_PO_MOUNT_MNT]));
	emit_read_acc(cg, 8, serr);
	dt_cg_emit(cg, MOV_REG(R1, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, po[DT_PO_MOUNT_MNT]));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R1, 0), ldone);
	dt_cg_emit(cg, STX(BPF_DW, FP, sparent, R0));
	dt_cg_emit(cg, MOV_REG(R0, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_MOUNT_MOUNTPOINT] -
	    po[DT_PO_MOUNT_MNT]));
	emit_read_acc(cg, 8, serr);
	dt_cg_emit(cg, MOV_REG(R7, R0));
	dt_cg_emit(cg, LDX(BPF_DW, R8, FP, sparent));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R8, po[DT_PO_MOUNT_MNT]));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lloop);
	dt_cg_label_set(cg, lnotmnt);
	/* a dentry: "/" and its name before what is there */
	dt_cg_emit(cg, MOV_REG(R0, R7));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_PARENT]));
	emit_read_acc(cg, 8, serr);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R7, 0), ldone);
	dt_cg_emit(cg, STX(BPF_DW, FP, sparent, R0));
	dt_cg_emit(cg, MOV_REG(R0, R7));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_NAME_NAME]));
	emit_read_acc(cg, 8, serr);
	dt_cg_emit(cg, STX(BPF_DW, FP, sname, R0));
	dt_cg_emit(cg, MOV_REG(R0, R7));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_D_NAME_LEN]));
	emit_read_acc(cg, 4, serr);
	dt_cg_emit(cg, MOV_REG(R2, R0));
	/* room for it, the slash and "..." before them? */
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, spos));
	dt_cg_emit(cg, MOV_REG(R3, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 4));
	dt_cg_emit(cg, LDX(BPF_DW, R4, FP, serr));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R3, R4));	/* a failed read: no room */
	dt_cg_emit_jump(cg, JMP_REG(BPF_JGT, R3, R1, 0), ltrunc);
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R1, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, 1));
	dt_cg_emit(cg, STX(BPF_DW, FP, spos, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R2, ss - 1, 0), ltrunc);
	emit_tmp_pos(cg, buf, ss - 1, ltrunc);
	dt_cg_emit(cg, ST_IMM(BPF_B, R3, 0, '/'));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), lskip);
	dt_cg_emit(cg, MOV_REG(R1, R3));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 1));
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, sname));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel));
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, serr));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R1, R0));
	dt_cg_emit(cg, STX(BPF_DW, FP, serr, R1));
	dt_cg_label_set(cg, lskip);
	dt_cg_emit(cg, LDX(BPF_DW, R7, FP, sparent));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lloop);

	/* the walk did not reach the root: "..." before the rest */
	dt_cg_label_set(cg, ltrunc);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, spos));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R1, 3, 0), lcopy);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, 3));
	dt_cg_emit(cg, STX(BPF_DW, FP, spos, R1));
	emit_tmp_pos(cg, buf, ss - 1, lcopy);
	for (int i = 0; i < 3; i++)
		dt_cg_emit(cg, ST_IMM(BPF_B, R3, (int16_t)i, '.'));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lcopy);

	/* at the root: a path of no components is "/" */
	dt_cg_label_set(cg, ldone);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, spos));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, sstart));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, R1, R2, 0), lcopy);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, 1));
	dt_cg_emit(cg, STX(BPF_DW, FP, spos, R1));
	emit_tmp_pos(cg, buf, ss - 1, lcopy);
	dt_cg_emit(cg, ST_IMM(BPF_B, R3, 0, '/'));

	dt_cg_label_set(cg, lcopy);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, spos));
	dt_cg_emit(cg, MOV_IMM(R2, ss - 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R1, ss - 1, 0),
	    ldone = dt_cg_label_new(cg));
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_label_set(cg, ldone);
	dt_cg_emit(cg, MOV_REG(R3, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)buf));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R2));
	dt_cg_emit_dctx_addr(cg, R1, out);
	dt_cg_emit(cg, MOV_IMM(R2, ss));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
	dt_cg_label_set(cg, lend);
	dt_cg_emit_dctx_addr(cg, R0, out);
	cg->cg_sp -= 8 * 8;
	cg->cg_ntmp--;		/* buf is free again; out is not */
}

/* r0 = the struct path * of cwd (fs->pwd) or root (fs->root) */
void
dt_cg_emit_fs_path(dt_cg_t *cg, int id)
{
	const int32_t *po = cg->cg_clause->dc_pathoff;

	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_TASK_FS]));
	dt_cg_emit_read_value(cg, 8);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, id == DT_BI_CWD ? po[DT_PO_FS_PWD] :
	    po[DT_PO_FS_ROOT]));
}

/*
 * The inner fds[e]: the current task's struct file * for descriptor e
 * (files->fdt->fd[e]), NULL when e is out of range (negative, or at
 * least fdt->max_fds) or the descriptor is closed.
 */
void
dt_cg_fds(dt_cg_t *cg, dt_node_t *dnp)
{
	const int32_t *po = cg->cg_clause->dc_pathoff;
	int lnull = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
	int16_t sfd;

	dt_cg_expr_as(cg, dnp->dn_right, (dt_type_t){ DT_TK_INT, 8, 1 });
	sfd = dt_cg_push(cg);
	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_TASK_FILES]));
	dt_cg_emit_read_value(cg, 8);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lnull);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_FILES_FDT]));
	dt_cg_emit_read_value(cg, 8);
	dt_cg_emit(cg, MOV_REG(R7, R0));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_FDT_MAX]));
	dt_cg_emit_read_value(cg, 4);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, sfd));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JGE, R1, R0, 0), lnull);	/* unsigned */
	dt_cg_emit(cg, MOV_REG(R0, R7));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, po[DT_PO_FDT_FD]));
	dt_cg_emit_read_value(cg, 8);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, sfd));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R1, 3));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R1));
	dt_cg_emit_read_value(cg, 8);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lnull);
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_label_set(cg, ldone);
	cg->cg_sp -= 8;
}

/*
 * The context of basename's and dirname's bpf_loop callbacks, in the
 * routine's stack (DT_LOOP_CTX).
 */
#define BD_PTR	0	/* the copy's address (dt_cg_emit_loop()) */
#define BD_RES	8	/* lastslash: the position found, or -1 */
#define BD_FLAG	16	/* lastslash: 1 once past the trailing slashes */
#define BD_POS	24	/* lastslash: the length; strip: the position */
#define BD_CTX	DT_LOOP_CTX

/*
 * For basename and dirname: in the copy at r9, of length r7, cut the
 * trailing slashes (keeping a first character), then find the last slash
 * before them: r7 = its position or -1.  One backward loop, bpf_loop's
 * (DT_SUB_LASTSLASH_CB), so that the verifier checks one iteration
 * whatever strsize is: cutting writes NULs into the copy.
 */
static void
emit_lastslash(dt_cg_t *cg)
{
	dt_cg_emit(cg, ST_IMM(BPF_DW, FP, BD_CTX + BD_RES, -1));
	dt_cg_emit(cg, ST_IMM(BPF_DW, FP, BD_CTX + BD_FLAG, 0));
	dt_cg_emit(cg, STX(BPF_DW, FP, BD_CTX + BD_POS, R7));
	dt_cg_emit_loop(cg, DT_SUB_LASTSLASH_CB,
	    (int32_t)dt_strbuf(cg->cg_hdl));
	dt_cg_emit(cg, LDX(BPF_DW, R7, FP, BD_CTX + BD_RES));
}

/*
 * DT_SUB_LASTSLASH_CB: r1 = the step, r2 = the context; the position is
 * the length - 1 - the step.  r0 = 1 to stop.
 */
void
dt_cg_sub_lastslash_cb(dt_cg_t *cg)
{
	int lname = dt_cg_label_new(cg), lstop = dt_cg_label_new(cg);
	int lnext = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R4, R2, BD_POS));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R4, 1));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R4, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLT, R4, 0, 0), lstop);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R4, (int32_t)dt_strbuf(
	    cg->cg_hdl), 0), lstop);
	dt_cg_emit(cg, LDX(BPF_DW, R5, R2, BD_PTR));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R5, R4));
	dt_cg_emit(cg, LDX(BPF_B, R1, R5, 0));
	dt_cg_emit(cg, LDX(BPF_DW, R3, R2, BD_FLAG));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R3, 0, 0), lname);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, '/', 0), lname);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), lname);
	dt_cg_emit(cg, ST_IMM(BPF_B, R5, 0, 0));	/* cut a trailing slash */
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnext);
	dt_cg_label_set(cg, lname);
	dt_cg_emit(cg, ST_IMM(BPF_DW, R2, BD_FLAG, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, '/', 0), lnext);
	dt_cg_emit(cg, STX(BPF_DW, R2, BD_RES, R4));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lstop);
	dt_cg_label_set(cg, lnext);
	dt_cg_emit_cb_tail(cg, lstop);
}

/*
 * DT_SUB_STRIP_CB: dirname's slashes before the last one, from position
 * BD_POS (at least 1) back: while the byte before it is a slash, it goes
 * back; then a NUL is written there (BD_RES = 1), or, at 0, the root
 * stays (BD_RES = 0).
 */
void
dt_cg_sub_strip_cb(dt_cg_t *cg)
{
	int lroot = dt_cg_label_new(cg), lcut = dt_cg_label_new(cg);
	int lnext = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R4, R2, BD_POS));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, R4, 0, 0), lroot);
	dt_cg_emit_clamp(cg, R4, 1, (int32_t)dt_strbuf(cg->cg_hdl) - 1);
	dt_cg_emit(cg, LDX(BPF_DW, R5, R2, BD_PTR));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R5, R4));
	dt_cg_emit(cg, LDX(BPF_B, R1, R5, -1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, '/', 0), lcut);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R4, 1));
	dt_cg_emit(cg, STX(BPF_DW, R2, BD_POS, R4));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnext);
	dt_cg_label_set(cg, lcut);
	dt_cg_emit(cg, ST_IMM(BPF_B, R5, 0, 0));
	dt_cg_emit(cg, ST_IMM(BPF_DW, R2, BD_RES, 1));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lroot);
	dt_cg_label_set(cg, lnext);
	dt_cg_emit_cb_tail(cg, lroot);
}

/*
 * cleanpath: in the copy (r9 in the routine), in place, one forward pass
 * (the write position never passes the read one).  Components are copied
 * as they are read; at each '/' or the end, the component just copied is
 * judged: empty (a run of slashes) or "." is taken back, ".." takes back
 * the component before it (its start is on a table of starts), anything
 * else is kept and its start pushed.  At the root, ".." is dropped; in a
 * relative path, a ".." with nothing to take back stays, and a path that
 * comes to nothing is "." ("./", "a/..").
 * The state (write position, component start, depth, flags) lives in
 * the temporary after the copy (st); the pass is bpf_loop's, one
 * position an iteration (DT_SUB_CLEANPATH_CB), so that the verifier
 * checks one iteration whatever strsize is.  The table holds (strbuf -
 * 32) / 2 starts; a component beyond them is kept as if it could not be
 * taken back.  The write position is bounded for the verifier with a
 * mask (below 2 * strbuf), which may reach into st, never past it; it is
 * below strsize anyway.  The result has no trailing slash ("/a/b/" ->
 * "/a/b"), but for the root ("/").
 */
#define CP_W	0		/* write position */
#define CP_CS	8		/* start of the current component */
#define CP_D	16		/* starts on the table */
#define CP_FL	24		/* 1: absolute, 4: not "" */
#define CP_TAB	32		/* table of starts, u16 each */
#define CP_FAIL	8		/* in the loop's context: 1 if it failed */

static int32_t
cp_mask(int32_t strbuf)
{
	int32_t mask = 1;

	while (mask < strbuf - 1)
		mask = mask * 2 + 1;
	return (mask);
}

/* DT_SUB_CLEANPATH: r1 = offset of the copy, cleaned in place */
void
dt_cg_sub_cleanpath(dt_cg_t *cg)
{
	int32_t strbuf = (int32_t)dt_strbuf(cg->cg_hdl);
	int16_t st = (int16_t)dt_cg_tmp_size(cg->cg_hdl);
	int lout = dt_cg_label_new(cg), lrel = dt_cg_label_new(cg);
	int lempty = dt_cg_label_new(cg), lfail = dt_cg_label_new(cg);
	int ldone = dt_cg_label_new(cg), lnoslash = dt_cg_label_new(cg);
	int lsome = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter(cg, 2, lout);
	dt_cg_emit(cg, MOV_IMM(R2, 0));			/* w = cs */
	dt_cg_emit(cg, MOV_IMM(R3, 0));			/* flags */
	dt_cg_emit(cg, LDX(BPF_B, R1, R9, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, '/', 0), lrel);
	dt_cg_emit(cg, MOV_IMM(R2, 1));			/* keep the root */
	dt_cg_emit(cg, MOV_IMM(R3, 1));
	dt_cg_label_set(cg, lrel);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lempty);
	dt_cg_emit(cg, ALU_IMM(BPF_OR, R3, 4));
	dt_cg_label_set(cg, lempty);
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_W, R2));
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_CS, R2));
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, st + CP_D, 0));
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_FL, R3));

	/*
	 * The pass, from position 0: the root's slash at 0 (then w = cs =
	 * 1) is an empty component, taken back.
	 */
	dt_cg_emit(cg, ST_IMM(BPF_DW, FP, DT_LOOP_CTX + CP_FAIL, 0));
	dt_cg_emit_loop(cg, DT_SUB_CLEANPATH_CB, strbuf);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, DT_LOOP_CTX + CP_FAIL));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), lfail);

	/* the end: a trailing slash goes, but for the root's */
	dt_cg_emit(cg, LDX(BPF_DW, R2, R9, st + CP_W));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R2, strbuf - 1, 0), lfail);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R2, 1, 0), lnoslash);
	dt_cg_emit_tmp_at(cg, R5, 0, R2);
	dt_cg_emit(cg, LDX(BPF_B, R1, R5, -1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, '/', 0), lnoslash);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R2, 1));
	dt_cg_label_set(cg, lnoslash);
	/* a path that came to nothing is ".", but "" stays "" */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R2, 0, 0), lsome);
	dt_cg_emit(cg, LDX(BPF_DW, R8, R9, st + CP_FL));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R8, 4));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R8, 0, 0), lsome);
	dt_cg_emit(cg, ST_IMM(BPF_B, R9, 0, '.'));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_label_set(cg, lsome);
	dt_cg_emit_tmp_at(cg, R5, 0, R2);
	dt_cg_emit(cg, ST_IMM(BPF_B, R5, 0, 0));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lfail);				/* cannot happen */
	dt_cg_emit(cg, ST_IMM(BPF_B, R9, 0, 0));
	dt_cg_label_set(cg, ldone);
	dt_cg_emit_sub_leave(cg, lout);
}

/*
 * DT_SUB_CLEANPATH_CB: one position r4 of cleanpath's pass: the byte
 * copied to the write position, or at '/' or the NUL the component just
 * copied judged (empty or "." taken back, ".." taking back the one
 * before it, a name kept and its start pushed).  r0 = 1 to stop: after
 * the NUL, or on a state that cannot happen (CP_FAIL set).
 */
void
dt_cg_sub_cleanpath_cb(dt_cg_t *cg)
{
	int32_t strbuf = (int32_t)dt_strbuf(cg->cg_hdl);
	int32_t maxd = strbuf > CP_TAB ? (strbuf - CP_TAB) / 2 : 0;
	int32_t mask = cp_mask(strbuf);
	int16_t st = (int16_t)dt_cg_tmp_size(cg->cg_hdl);
	int lbound = dt_cg_label_new(cg), lone = dt_cg_label_new(cg);
	int ldd0 = dt_cg_label_new(cg), lskip = dt_cg_label_new(cg);
	int lkeep = dt_cg_label_new(cg), lnopush = dt_cg_label_new(cg);
	int lnext = dt_cg_label_new(cg), lgo = dt_cg_label_new(cg);
	int lfail = dt_cg_label_new(cg), lstop = dt_cg_label_new(cg);

	dt_cg_emit_cb_enter(cg, strbuf, lstop);
	dt_cg_emit_tmp_at(cg, R5, 0, R4);
	dt_cg_emit(cg, LDX(BPF_B, R1, R5, 0));		/* c */
	dt_cg_emit(cg, LDX(BPF_DW, R2, R9, st + CP_W));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R2, mask));	/* see above */
	dt_cg_emit(cg, MOV_REG(R0, R1));		/* c * (c ^ '/'): 0 at a bound */
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R0, '/'));
	dt_cg_emit(cg, ALU_REG(BPF_MUL, R0, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lbound);
	dt_cg_emit_tmp_at(cg, R5, 0, R2);		/* copy c */
	dt_cg_emit(cg, STX(BPF_B, R5, 0, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 1));
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_W, R2));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lgo);

	/* the end of a component: r3 = its start, r0 = its length */
	dt_cg_label_set(cg, lbound);
	dt_cg_emit(cg, LDX(BPF_DW, R3, R9, st + CP_CS));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JGT, R3, R2, 0), lfail);
	/* r3 <= r2 is no bound on r3 for 6.1's verifier (two registers) */
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R3, mask));
	dt_cg_emit(cg, MOV_REG(R0, R2));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R0, R3));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lskip);
	dt_cg_emit_tmp_at(cg, R5, 0, R3);
	dt_cg_emit(cg, LDX(BPF_B, R8, R5, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R8, '.', 0), lkeep);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 1, 0), lone);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 2, 0), lkeep);
	dt_cg_emit(cg, LDX(BPF_B, R8, R5, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R8, '.', 0), lkeep);
	/* "..": back to the start of the component before */
	dt_cg_emit(cg, LDX(BPF_DW, R8, R9, st + CP_D));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R8, 0, 0), ldd0);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R8, 1));
	/* 6.1's verifier: a bound after the subtraction (r8 != 0 is none) */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R8, maxd, 0), lfail);
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_D, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R8, 1));
	dt_cg_emit_tmp_at(cg, R5, (uint32_t)st + CP_TAB, R8);
	dt_cg_emit(cg, LDX(BPF_H, R2, R5, 0));
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_W, R2));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnext);
	dt_cg_label_set(cg, ldd0);
	dt_cg_emit(cg, LDX(BPF_DW, R8, R9, st + CP_FL));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R8, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R8, 0, 0), lskip);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnopush);
	/* ".": dropped */
	dt_cg_label_set(cg, lone);
	dt_cg_label_set(cg, lskip);
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_W, R3));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnext);
	/* a name: push its start, then its slash */
	dt_cg_label_set(cg, lkeep);
	dt_cg_emit(cg, LDX(BPF_DW, R8, R9, st + CP_D));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R8, maxd, 0), lnopush);
	dt_cg_emit(cg, MOV_REG(R0, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, 1));
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_D, R0));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R8, 1));
	dt_cg_emit_tmp_at(cg, R5, (uint32_t)st + CP_TAB, R8);
	dt_cg_emit(cg, STX(BPF_H, R5, 0, R3));
	dt_cg_label_set(cg, lnopush);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, '/', 0), lnext);
	dt_cg_emit_tmp_at(cg, R5, 0, R2);
	dt_cg_emit(cg, ST_IMM(BPF_B, R5, 0, '/'));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 1));
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_W, R2));
	/* the next component starts at w; the NUL ends the pass */
	dt_cg_label_set(cg, lnext);
	dt_cg_emit(cg, LDX(BPF_DW, R2, R9, st + CP_W));
	dt_cg_emit(cg, STX(BPF_DW, R9, st + CP_CS, R2));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lstop);
	dt_cg_label_set(cg, lgo);
	dt_cg_emit_cb_tail(cg, lstop);
	dt_cg_label_set(cg, lfail);				/* cannot happen */
	dt_cg_emit(cg, ST_IMM(BPF_DW, R6, CP_FAIL, 1));
	dt_cg_emit(cg, MOV_IMM(R0, 1));
	dt_cg_emit(cg, EXIT());
}

/*
 * basename or dirname (id) of the copy at temporary t1 (at r9), of length
 * r7, in place: the result is at t1 (basename's tail goes through
 * temporary t2).  Only in the routine: its loops are bpf_loop's.
 */
static void
emit_basedir(dt_cg_t *cg, int id, uint32_t t1, uint32_t t2)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	int lnone = dt_cg_label_new(cg), lroot = dt_cg_label_new(cg);
	int ldone = dt_cg_label_new(cg);

	emit_lastslash(cg);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLT, R7, 0, 0), lnone);
	if (id == DT_FN_BASENAME) {
		/* a lone "/" is its own basename */
		dt_cg_emit(cg, LDX(BPF_B, R1, R9, (int16_t)(t1 + 1)));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), ldone);
		dt_cg_emit_clamp(cg, R7, 0, (int32_t)strbuf - 2);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R7, 1));
		dt_cg_emit_tmp_at(cg, R3, t1, R7);
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R7));
		dt_cg_emit_strcopy_n(cg, t2);
		dt_cg_emit_dctx_addr(cg, R3, t2);
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
		dt_cg_emit_strcopy_n(cg, t1);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		/* no slash: the name itself, "." for "" */
		dt_cg_label_set(cg, lnone);
		dt_cg_emit(cg, LDX(BPF_B, R1, R9, (int16_t)t1));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), ldone);
		dt_cg_emit(cg, ST_IMM(BPF_H, R9, (int16_t)t1, '.'));
	} else {
		/*
		 * The slashes before the last one go too ("/a//b" -> "/a");
		 * the slash at 0 stays ("/x", "//x" -> "/"): bpf_loop's
		 * (DT_SUB_STRIP_CB).
		 */
		dt_cg_emit(cg, ST_IMM(BPF_DW, FP, BD_CTX + BD_RES, 0));
		dt_cg_emit(cg, STX(BPF_DW, FP, BD_CTX + BD_POS, R7));
		dt_cg_emit_loop(cg, DT_SUB_STRIP_CB,
		    (int32_t)dt_strbuf(cg->cg_hdl));
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, BD_CTX + BD_RES));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), ldone);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lroot);
		dt_cg_label_set(cg, lroot);
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(t1 + 1), 0));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lnone);
		dt_cg_emit(cg, ST_IMM(BPF_H, R9, (int16_t)t1, '.'));
	}
	dt_cg_label_set(cg, ldone);
}

/*
 * DT_SUB_BASENAME, DT_SUB_DIRNAME: r1 = offset of the copy, r2 = its
 * length; the result in place.
 */
static void
emit_sub_basedir(dt_cg_t *cg, int id)
{
	int lout = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter(cg, 2, lout);
	dt_cg_emit_clamp(cg, R7, 0, (int32_t)dt_strbuf(cg->cg_hdl) - 1);
	emit_basedir(cg, id, 0, dt_cg_tmp_size(cg->cg_hdl));
	dt_cg_emit_sub_leave(cg, lout);
}

void
dt_cg_sub_basename(dt_cg_t *cg)
{
	emit_sub_basedir(cg, DT_FN_BASENAME);
}

void
dt_cg_sub_dirname(dt_cg_t *cg)
{
	emit_sub_basedir(cg, DT_FN_DIRNAME);
}

/*
 * r0 = basename(s), dirname(s), cleanpath(s): the argument copied to a
 * temporary, the next one reserved for the routine, which works on the
 * copy in place.
 */
void
dt_cg_pathfunc(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	int id = dnp->dn_builtin->di_id;
	int16_t slot[1] = { 0 };
	int n = dt_cg_push_args(cg, dnp, slot, 1);
	uint32_t t1 = dt_cg_tmp_alloc(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, slot[0]));
	dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
	(void) dt_cg_tmp_alloc(cg);
	dt_cg_emit(cg, MOV_IMM(R1, (int32_t)t1));
	dt_cg_emit(cg, MOV_REG(R2, R7));
	dt_cg_emit_call_sub(cg, id == DT_FN_BASENAME ? DT_SUB_BASENAME :
	    id == DT_FN_DIRNAME ? DT_SUB_DIRNAME : DT_SUB_CLEANPATH);
	dt_cg_emit_dctx_addr(cg, R0, t1);
	cg->cg_sp -= 8 * n;
}

/* r0 = d_path(path): the path walked (of a mount point, dn_aux) */
void
dt_cg_d_path(dt_cg_t *cg, dt_node_t *dnp, dt_datarec_t *r)
{
	(void) r;
	dt_cg_expr(cg, dnp->dn_args);
	dt_cg_emit_path_walk(cg, true, dnp->dn_aux != 0, true);
}
