/*
 * dt_sema_types.c: the semantic pass's types: names of types for messages,
 * the kinds of operand (integer, scalar, string, address), pointer
 * compatibility, the common type of two operands, casts that change
 * nothing, and the kernel's types and struct offsets (BTF) a clause uses.
 *
 * Integers follow DTrace: no promotion to int; a binary operator's type is
 * that of its operand of higher rank (dt_sema_common_type()), a unary
 * operator's and a shift's that of its (left) operand.  The code generator
 * computes in 64 bits and brings a value to its type's size only where
 * DTrace does (a load, a cast, a store, a record): see dt_cg.c.
 *
 * The kernel types are loaded once per clause and held by it
 * (dt_pcb_types()); every function here that needs them reports D_BTF at
 * the use when they are missing.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_sema_impl.h"

const dt_type_t dt_sema_t_int = { DT_TK_INT, 4, 1, 0 };
const dt_type_t dt_sema_t_long = { DT_TK_INT, 8, 1, 0 };

const char *
dt_sema_type_name(dt_type_t t, char *buf, size_t len)
{
	static const char *const sints[] = { "", "char", "short", "", "int",
	    "", "", "", "long" };

	switch (t.ty_kind) {
	case DT_TK_VOID:
		return ("void");
	case DT_TK_STRING:
		return ("string");
	case DT_TK_FLOAT:
		return (t.ty_size == 4 ? "float" : t.ty_size == 8 ? "double" :
		    "long double");
	case DT_TK_PTR:
		if (t.ty_psize == 0 || t.ty_psize > 8)
			snprintf(buf, len, "void *%.*s", t.ty_plevel,
			    "****************");
		else
			snprintf(buf, len, "%s%s *%.*s", t.ty_psigned ? "" :
			    "unsigned ", sints[t.ty_psize], t.ty_plevel,
			    "****************");
		return (buf);
	default:
		snprintf(buf, len, "%s%s", t.ty_signed ? "" : "unsigned ",
		    sints[t.ty_size]);
		return (buf);
	}
}

/* A type's name for messages, kernel types included. */
char *
dt_sema_tname(dt_pcb_t *pcb, dt_type_t t, char *buf, size_t len)
{
	const dt_tentry_t *te = pcb->pcb_clause != NULL &&
	    pcb->pcb_clause->dc_types != NULL ? pcb->pcb_clause->dc_types :
	    pcb->pcb_hdl->dt_dtypes;

	if (t.ty_btf != 0 && te != NULL) {
		const struct btf *btf = te->te_btf;
		char inner[200];

		if (t.ty_kind == DT_TK_PTR)
			snprintf(buf, len, "%s *", dt_btf_name(btf, t.ty_btf,
			    inner, sizeof (inner)));
		else
			dt_btf_name(btf, t.ty_btf, buf, len);
		return (buf);
	}
	snprintf(buf, len, "%s", dt_sema_type_name(t, (char [32]){ 0 }, 32));
	return (buf);
}

bool
dt_sema_is_int(const dt_node_t *dnp)
{
	return (dnp->dn_type.ty_kind == DT_TK_INT);
}

bool
dt_sema_is_scalar(const dt_node_t *dnp)
{
	return (dnp->dn_type.ty_kind == DT_TK_INT ||
	    dnp->dn_type.ty_kind == DT_TK_PTR);
}

bool
dt_sema_is_string(const dt_node_t *dnp)
{
	return (dnp->dn_type.ty_kind == DT_TK_STRING);
}

/*
 * What DTrace takes where a subroutine's prototype says string: a string
 * (a char array is one here), a pointer to char (char, signed or
 * unsigned: any 1-byte integer), a void * (compatible with any pointer,
 * as DTrace has it), or the constant 0, NULL (which faults when the
 * string is read, as in DTrace).
 */
bool
dt_sema_is_strarg(const dt_node_t *dnp)
{
	dt_type_t t = dnp->dn_type;

	return (dt_sema_is_string(dnp) || (dnp->dn_kind == DN_INT &&
	    dnp->dn_value == 0) || (t.ty_kind == DT_TK_PTR &&
	    t.ty_plevel == 0 && (t.ty_psize == 1 || (t.ty_psize == 0 &&
	    t.ty_btf == 0))));
}

/*
 * What a void * parameter takes: an integer or a pointer (an address), or
 * a string or an array, whose value is its address.
 */
bool
dt_sema_is_addrarg(const dt_node_t *dnp)
{
	return (dt_sema_is_scalar(dnp) || dt_sema_is_string(dnp) ||
	    dnp->dn_type.ty_kind == DT_TK_ARRAY);
}

/*
 * A struct, union or array, or a float, double or long double: a value
 * of its type is the address of its bytes, and a variable holds the
 * bytes (dt_cg.c too).  D has no floating-point arithmetic, so a float
 * is only copied, recorded and shown, never in a register.
 */
bool
dt_type_isbytes(dt_type_t t)
{
	return (t.ty_kind == DT_TK_STRUCT || t.ty_kind == DT_TK_FLOAT ||
	    (t.ty_kind == DT_TK_ARRAY && t.ty_btf != 0));
}

/*
 * The size of what pointer type t points to, by which pointer arithmetic
 * (+, -, +=, -=, ++, --) at dnp moves it: a pointer's 8, a kernel or D
 * type's size from BTF, an integer's.  D applies no arithmetic to void *
 * (D_OP_INCOMPAT: a generic pointer is cast to a typed one, or to
 * uintptr_t, first; D_OP_VFPTR for ++, --, += and -=, whose (left)
 * operand DTrace checks for a known size).  Pointers to functions have no such size
 * (D_OP_VFPTR), nor have incomplete types (D_OP_INCOMPLETE).
 */
void __attribute__((noreturn))
dt_sema_void_arith(dt_pcb_t *pcb, const dt_node_t *dnp, const char *op)
{
	/* ++, --, += and -= check the size of their (left) operand, as
	   DTrace's do */
	if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0 ||
	    strcmp(op, "+=") == 0 || strcmp(op, "-=") == 0)
		dt_cerror(pcb, "D_OP_VFPTR", dnp->dn_pos, "operator %s "
		    "requires an operand of known size: a void pointer "
		    "points to no objects to count", op);
	dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos, "operator %s cannot be "
	    "applied to a void pointer: it points to no objects to count",
	    op);
}

uint32_t
dt_sema_ptr_elem(dt_pcb_t *pcb, const dt_node_t *dnp, dt_type_t t,
    const char *op)
{
	if (t.ty_plevel > 0)
		return (8);
	if (t.ty_btf != 0) {
		const struct btf *btf = dt_pcb_types(pcb, dnp->dn_pos)->te_btf;
		uint32_t id = dt_btf_resolve(btf, t.ty_btf);
		const struct btf_type *bt = btf__type_by_id(btf, id);
		const struct btf_type *tt = btf__type_by_id(btf, t.ty_btf);
		long size;

		if (id == 0 && tt != NULL && btf_kind(tt) == BTF_KIND_TYPEDEF)
			dt_cerror(pcb, "D_OP_INCOMPLETE", dnp->dn_pos,
			    "operator %s cannot be applied to a pointer to an "
			    "incomplete type", op);	/* struct t; */
		if (id == 0)
			dt_sema_void_arith(pcb, dnp, op);
		if (bt == NULL || btf_kind(bt) == BTF_KIND_FUNC_PROTO)
			dt_cerror(pcb, "D_OP_VFPTR", dnp->dn_pos, "operator %s "
			    "cannot be applied to a pointer to a function", op);
		if ((btf_kind(bt) == BTF_KIND_STRUCT ||
		    btf_kind(bt) == BTF_KIND_UNION) && btf_vlen(bt) == 0 &&
		    bt->size == 0)
			dt_cerror(pcb, "D_OP_INCOMPLETE", dnp->dn_pos,
			    "operator %s cannot be applied to a pointer to an "
			    "incomplete type", op);
		if ((size = btf__resolve_size(btf, id)) <= 0)
			dt_cerror(pcb, "D_OP_INCOMPLETE", dnp->dn_pos,
			    "operator %s cannot be applied to a pointer to a "
			    "type without a size", op);
		return ((uint32_t)size);
	}
	if (t.ty_psize == 0)
		dt_sema_void_arith(pcb, dnp, op);
	return (t.ty_psize);
}

/*
 * DTrace's usual arithmetic conversions: no promotion to int; of two
 * integer operands the one of higher rank gives the result its type, the
 * rank being the size in bits plus one for an unsigned type (so unsigned
 * char + signed char is unsigned char, short + unsigned char is short);
 * equal ranks are the same type.  A pointer operand gives its own type.
 */
dt_type_t
dt_sema_common_type(dt_type_t a, dt_type_t b)
{
	if (a.ty_kind == DT_TK_PTR)
		return (a);
	if (b.ty_kind == DT_TK_PTR)
		return (b);
	if (b.ty_size * 8 + !b.ty_signed > a.ty_size * 8 + !a.ty_signed)
		return (b);
	return (a);
}

/*
 * May scalar r be stored in lv (both checked)?  A pointer takes a pointer
 * or the constant 0 (NULL), not another integer; an integer takes no
 * pointer: D converts between the two only by a cast.  A variable first
 * read before any assignment (an int by default) takes either.
 */
bool
dt_sema_ptr_int_compat(dt_pcb_t *pcb, const dt_node_t *lv, const dt_node_t *r)
{
	int64_t v;
	dt_type_t vt;

	if (lv->dn_ident != NULL && lv->dn_ident->di_readfirst)
		return (true);
	if (lv->dn_type.ty_kind == DT_TK_PTR && r->dn_type.ty_kind ==
	    DT_TK_INT)
		return (dt_fold_int(pcb, r, &v, &vt) && v == 0);
	return (!(lv->dn_type.ty_kind == DT_TK_INT &&
	    r->dn_type.ty_kind == DT_TK_PTR));
}

/*
 * May pointer p be compared with n?  Not with an integer other than the
 * constant 0 (D_OP_INCOMPAT, as DTrace has it), unless that integer is
 * a variable read before any assignment (an int by default).
 */
bool
dt_sema_ptr_cmp_compat(dt_pcb_t *pcb, const dt_node_t *p, const dt_node_t *n)
{
	if (p->dn_type.ty_kind != DT_TK_PTR || n->dn_type.ty_kind != DT_TK_INT)
		return (true);
	if (n->dn_kind == DN_VAR && n->dn_ident != NULL &&
	    n->dn_ident->di_readfirst)
		return (true);
	return (dt_sema_ptr_int_compat(pcb, p, n));
}

/* Is pointer type t void * (D's own, or of the kernel's void)? */
bool
dt_sema_is_voidptr(dt_type_t t)
{
	return (t.ty_kind == DT_TK_PTR && t.ty_btf == 0 && t.ty_plevel == 0 &&
	    t.ty_psize == 0);
}

/* What a pointer points to, as dt_sema_ptrs_compat() tells pointers apart. */
typedef struct ptarget {
	char pe_kind;		/* 'v' void, 'i' integer, 's' struct or
				   union, 'p' pointer, 'a' array, 'o'
				   other */
	long pe_size;		/* 'i', 'a': its size */
	const char *pe_name;	/* 's': its tag, NULL if none */
	char pe_ekind;		/* 'a': its element's kind, as pe_kind */
	long pe_esize;		/* 'a': its element's size */
} ptarget_t;

static ptarget_t
ptr_target(dt_pcb_t *pcb, dt_type_t t, dt_srcpos_t pos)
{
	const struct btf *btf;
	const struct btf_type *bt;
	uint32_t id;

	if (t.ty_plevel > 0)
		return ((ptarget_t){ 'p', 0, NULL });
	if (t.ty_btf == 0)
		return (t.ty_psize == 0 ? (ptarget_t){ 'v', 0, NULL } :
		    (ptarget_t){ 'i', t.ty_psize, NULL });
	btf = dt_pcb_types(pcb, pos)->te_btf;
	id = dt_btf_resolve(btf, t.ty_btf);
	if (id == 0)
		return ((ptarget_t){ 'v', 0, NULL });
	bt = btf__type_by_id(btf, id);
	switch (bt == NULL ? -1 : (int)btf_kind(bt)) {
	case BTF_KIND_INT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return ((ptarget_t){ 'i', (long)bt->size, NULL });
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_FWD:
		return ((ptarget_t){ 's', 0, bt->name_off == 0 ? NULL :
		    btf__name_by_offset(btf, bt->name_off) });
	case BTF_KIND_PTR:
		return ((ptarget_t){ 'p', 0, NULL });
	case BTF_KIND_ARRAY: {
		/* string * points to D's string, char[strsize] */
		uint32_t e = dt_btf_resolve(btf, btf_array(bt)->type);
		const struct btf_type *et = e == 0 ? NULL :
		    btf__type_by_id(btf, e);
		int ek = et == NULL ? -1 : (int)btf_kind(et);

		return ((ptarget_t){ 'a', (long)btf__resolve_size(btf, id),
		    NULL, ek == BTF_KIND_INT || ek == BTF_KIND_ENUM ? 'i' :
		    ek == BTF_KIND_PTR ? 'p' : 'o',
		    (long)btf__resolve_size(btf, e) });
	}
	default:
		return ((ptarget_t){ 'o', 0, NULL });
	}
}

/*
 * Are pointers l and r compatible, as DTrace has it: one of them void *,
 * or both pointing to the same type.  Told apart here, leniently: a
 * struct or union from another one (by tag), from an integer or from a
 * pointer, integers of different sizes (int * and char *), and arrays of
 * different sizes or elements from each other and from the rest
 * (string * from int * and char *).
 */
bool
dt_sema_ptrs_compat(dt_pcb_t *pcb, const dt_node_t *l, const dt_node_t *r)
{
	ptarget_t a, b;

	if (l->dn_type.ty_kind != DT_TK_PTR || r->dn_type.ty_kind != DT_TK_PTR)
		return (true);
	a = ptr_target(pcb, l->dn_type, l->dn_pos);
	b = ptr_target(pcb, r->dn_type, r->dn_pos);
	if (a.pe_kind == 'v' || b.pe_kind == 'v' || a.pe_kind == 'o' ||
	    b.pe_kind == 'o')
		return (true);
	if (a.pe_kind != b.pe_kind)
		return (false);
	if (a.pe_kind == 'i')
		return (a.pe_size == b.pe_size);
	if (a.pe_kind == 'a')
		return (a.pe_size == b.pe_size && a.pe_ekind == b.pe_ekind &&
		    a.pe_esize == b.pe_esize);
	if (a.pe_kind == 's')
		return (a.pe_name == NULL || b.pe_name == NULL ||
		    strcmp(a.pe_name, b.pe_name) == 0);
	return (true);
}

void __attribute__((noreturn))
dt_sema_incompat(dt_pcb_t *pcb, dt_node_t *dnp, const char *op)
{
	char b1[256], b2[256];

	dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos,
	    "operands have incompatible types: \"%s\" %s \"%s\"",
	    dt_sema_tname(pcb, dnp->dn_left->dn_type, b1, sizeof (b1)), op,
	    dt_sema_tname(pcb, dnp->dn_right->dn_type, b2, sizeof (b2)));
}

/*
 * The clause's types: the session's kernel types, loaded on first use, or
 * once the program has declared a struct or union, the types declared in
 * D (split on the kernel's), with a reference held by the clause
 * (released when the clause is freed).
 */
dt_tentry_t *
dt_pcb_types(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_clause_t *dcp = pcb->pcb_clause;
	dt_tentry_t *te;

	if (dcp != NULL && dcp->dc_types != NULL && dtp->dt_dtypes != NULL &&
	    dcp->dc_types == dtp->dt_dtypes->te_parent) {
		/* types declared meanwhile (the D library): they extend
		   the kernel's the clause has */
		dt_tcache_rele(dcp->dc_types);
		dcp->dc_types = dt_tcache_dup(dtp->dt_dtypes);
	}
	if (dcp != NULL && dcp->dc_types != NULL)
		return (dcp->dc_types);
	if ((te = dtp->dt_dtypes) == NULL && (te = dt_ktypes(dtp)) == NULL) {
		char msg[sizeof (dtp->dt_errmsg)];

		memcpy(msg, dtp->dt_errmsg, sizeof (msg));
		dt_cerror(pcb, "D_BTF", pos, "%s", msg);
	}
	if (dcp != NULL)
		dcp->dc_types = dt_tcache_dup(te);
	return (te);
}

/*
 * Make the clause's types those of kernel module mod: its split BTF
 * (/sys/kernel/btf/MOD) parsed on the session's vmlinux entry, held in the
 * shared cache like vmlinux.  The module's entry reaches vmlinux's types
 * through its parent, so the clause keeps one entry; a clause may use the
 * types of one module.
 */
void
dt_pcb_module_types(dt_pcb_t *pcb, const char *mod, dt_srcpos_t pos)
{
	dt_clause_t *dcp = pcb->pcb_clause;
	dt_tentry_t *base, *te;
	char path[300], msg[600];
	int err;

	/* a declaration outside clauses has no clause to hold them */
	if (dcp == NULL)
		dt_cerror(pcb, "D_TYPE_ERR", pos, "the types of kernel module "
		    "%s can only be used in a clause", mod);
	base = dt_pcb_types(pcb, pos);
	if (base == pcb->pcb_hdl->dt_dtypes)
		dt_cerror(pcb, "D_TYPE_ERR", pos, "the types of kernel module "
		    "%s cannot be used in a program that declares structs or "
		    "unions yet", mod);
	while (base->te_parent != NULL)
		base = base->te_parent;
	if (dcp->dc_types != base) {
		if (strcmp(strrchr(dcp->dc_types->te_path, '/') + 1, mod) == 0)
			return;		/* that module's already */
		dt_cerror(pcb, "D_TYPE_ERR", pos, "a clause may use the types "
		    "of one kernel module: %s and %s", strrchr(
		    dcp->dc_types->te_path, '/') + 1, mod);
	}
	snprintf(path, sizeof (path), "/sys/kernel/btf/%s", mod);
	if (access(path, R_OK) != 0)
		dt_cerror(pcb, "D_TYPE_ERR", pos, "no type data for module %s "
		    "(%s: %s)", mod, path, strerror(errno));
	if ((te = dt_tcache_hold(path, base, DT_MODEL_LP64, &err, msg,
	    sizeof (msg))) == NULL)
		dt_cerror(pcb, "D_BTF", pos, "failed to load type data from "
		    "%s: %s", path, msg);
	dt_tcache_rele(dcp->dc_types);
	dcp->dc_types = te;
}

/* Offset of a member the code generator needs (ppid, vtimestamp). */
int64_t
dt_sema_kernel_offset(dt_pcb_t *pcb, dt_srcpos_t pos, const char *sname,
    const char *member)
{
	dt_tentry_t *te = dt_pcb_types(pcb, pos);
	uint32_t sid = dt_tcache_tag(te, BTF_KIND_STRUCT, sname);
	uint32_t type, off, bit, bitsize;

	if (sid == 0 || dt_btf_member(te->te_btf, sid, member, &type, &off,
	    &bit, &bitsize) != 0)
		dt_cerror(pcb, "D_TYPE_MEMBER", pos, "kernel type data lacks "
		    "struct %s member %s", sname, member);
	return ((int64_t)off);
}

/*
 * Is a cast of a value of type from to type to an identity that DTrace
 * allows although the type is no scalar: a struct or union to its own
 * type (the tag's typedef resolved), a float to its own size?  A cast
 * between compatible types changes nothing; any other cast to a struct,
 * union, array or float is D_CAST_INVAL.
 */
bool
dt_sema_cast_identity(dt_pcb_t *pcb, dt_type_t to, dt_type_t from,
    dt_srcpos_t pos)
{
	const struct btf *btf;

	if (!dt_type_isbytes(to) || to.ty_kind == DT_TK_ARRAY ||
	    to.ty_kind != from.ty_kind)
		return (false);
	if (dt_type_same(to, from))
		return (true);
	if (to.ty_kind != DT_TK_STRUCT || to.ty_btf == 0 || from.ty_btf == 0)
		return (false);
	btf = dt_pcb_types(pcb, pos)->te_btf;
	return (dt_btf_resolve(btf, to.ty_btf) != 0 &&
	    dt_btf_resolve(btf, to.ty_btf) == dt_btf_resolve(btf,
	    from.ty_btf));
}

/*
 * The kernel offsets of the path walk (d_path(), cwd, root, fds[]), once
 * per clause: struct path, dentry, vfsmount, mount (which holds the
 * vfsmount as its member mnt), fs_struct, files_struct and fdtable.
 */
void
dt_sema_path_offsets(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	static const struct {
		int po;			/* DT_PO_* */
		const char *sname;	/* struct */
		const char *member;	/* its member */
		const char *sub;	/* member of that member, or NULL */
		const char *subs;	/* the member's struct */
	} offs[] = {
		{ DT_PO_PATH_MNT, "path", "mnt", NULL, NULL },
		{ DT_PO_PATH_DENTRY, "path", "dentry", NULL, NULL },
		{ DT_PO_D_PARENT, "dentry", "d_parent", NULL, NULL },
		{ DT_PO_D_NAME_LEN, "dentry", "d_name", "len", "qstr" },
		{ DT_PO_D_NAME_NAME, "dentry", "d_name", "name", "qstr" },
		{ DT_PO_D_HASH_PPREV, "dentry", "d_hash", "pprev",
		    "hlist_bl_node" },
		{ DT_PO_MNT_ROOT, "vfsmount", "mnt_root", NULL, NULL },
		{ DT_PO_MOUNT_MNT, "mount", "mnt", NULL, NULL },
		{ DT_PO_MOUNT_PARENT, "mount", "mnt_parent", NULL, NULL },
		{ DT_PO_MOUNT_MOUNTPOINT, "mount", "mnt_mountpoint", NULL,
		    NULL },
		{ DT_PO_TASK_FS, "task_struct", "fs", NULL, NULL },
		{ DT_PO_FS_ROOT, "fs_struct", "root", NULL, NULL },
		{ DT_PO_FS_PWD, "fs_struct", "pwd", NULL, NULL },
		{ DT_PO_TASK_FILES, "task_struct", "files", NULL, NULL },
		{ DT_PO_FILES_FDT, "files_struct", "fdt", NULL, NULL },
		{ DT_PO_FDT_MAX, "fdtable", "max_fds", NULL, NULL },
		{ DT_PO_FDT_FD, "fdtable", "fd", NULL, NULL },
		{ DT_PO_MNT_SB, "vfsmount", "mnt_sb", NULL, NULL },
		{ DT_PO_SB_TYPE, "super_block", "s_type", NULL, NULL },
		{ DT_PO_FST_NAME, "file_system_type", "name", NULL, NULL },
		{ DT_PO_D_INODE, "dentry", "d_inode", NULL, NULL },
		{ DT_PO_I_INO, "inode", "i_ino", NULL, NULL },
	};
	dt_clause_t *dcp = pcb->pcb_clause;

	if (dcp->dc_pathoffs)
		return;
	for (size_t i = 0; i < sizeof (offs) / sizeof (offs[0]); i++) {
		int64_t off = dt_sema_kernel_offset(pcb, pos, offs[i].sname,
		    offs[i].member);

		if (offs[i].sub != NULL)
			off += dt_sema_kernel_offset(pcb, pos, offs[i].subs,
			    offs[i].sub);
		dcp->dc_pathoff[offs[i].po] = (int32_t)off;
	}
	dcp->dc_pathoffs = true;
}

bool
dt_type_same(dt_type_t a, dt_type_t b)
{
	/* a float is its size, whether D or the kernel declared it */
	if (a.ty_kind == DT_TK_FLOAT && b.ty_kind == DT_TK_FLOAT)
		return (a.ty_size == b.ty_size);
	return (a.ty_kind == b.ty_kind && a.ty_size == b.ty_size &&
	    a.ty_signed == b.ty_signed && a.ty_btf == b.ty_btf &&
	    a.ty_psize == b.ty_psize && a.ty_plevel == b.ty_plevel);
}

/* v in the canonical form of integer type t (sign- or zero-extended from
   its size), as the code generator keeps it in a register. */
int64_t
dt_int_canonical(int64_t v, dt_type_t t)
{
	unsigned int bits = t.ty_size * 8U;
	uint64_t u = (uint64_t)v, mask;

	if (bits == 0 || bits >= 64)
		return (v);
	mask = (UINT64_C(1) << bits) - 1;
	u &= mask;
	if (t.ty_signed && (u >> (bits - 1)) != 0)
		u |= ~mask;
	return ((int64_t)u);
}

/*
 * The D type of kernel type id for node dnp; a char array also records its
 * length (dn_strlen), which the code generator reads.
 */
void
dt_sema_kernel_dtype(dt_pcb_t *pcb, dt_node_t *dnp, uint32_t id)
{
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	const char *what = "";
	char buf[256];

	if (dt_btf_dtype(te->te_btf, id, &dnp->dn_type, &what) != 0)
		dt_cerror(pcb, "D_TYPE_ERR", dnp->dn_pos, "%s is %s, which D "
		    "cannot use", dt_btf_name(te->te_btf, id, buf,
		    sizeof (buf)), what);
	if (dnp->dn_type.ty_kind == DT_TK_STRING) {
		const struct btf_type *t = btf__type_by_id(te->te_btf,
		    dnp->dn_type.ty_btf);

		dnp->dn_strlen = btf_array(t)->nelems;
	}
}

/* The type of *p for a pointer to a kernel type. */
void
dt_sema_pointee(dt_pcb_t *pcb, dt_node_t *dnp, dt_type_t pt)
{
	dt_sema_kernel_dtype(pcb, dnp, pt.ty_btf);
	if (dnp->dn_type.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_DEREF_VOID", dnp->dn_pos,
		    "cannot dereference a pointer to void");
}
