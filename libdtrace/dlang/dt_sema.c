/*
 * dt_sema.c: the semantic pass.  Resolves names, gives every node a type,
 * checks operands and actions, and lays out the record a clause emits.
 *
 * Integers follow DTrace: no promotion to int; a binary operator's type is
 * that of its operand of higher rank (common_type()), a unary operator's
 * and a shift's that of its (left) operand.  The code generator computes
 * in 64 bits and brings a value to its type's size only where DTrace does
 * (a load, a cast, a store, a record): see dt_cg.c.
 *
 * Records: trace(), printf() and exit() append data to the clause's record;
 * a clause without statements records nothing but still emits a record
 * (DTrace's default action), and so does one that calls speculate() and
 * records nothing else (the probe line is then speculative); a clause with
 * only assignments emits nothing.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_ast.h"
#include "../core/dt_fn.h"
#include "../types/dt_tcache.h"
#include "../consume/dt_consume.h"
#include "../probes/dt_probe.h"
#include "../types/dt_types.h"

static const dt_type_t t_int = { DT_TK_INT, 4, 1, 0 };
static const dt_type_t t_long = { DT_TK_INT, 8, 1, 0 };

static const char *
type_name(dt_type_t t, char *buf, size_t len)
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
static char *
tname(dt_pcb_t *pcb, dt_type_t t, char *buf, size_t len)
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
	snprintf(buf, len, "%s", type_name(t, (char [32]){ 0 }, 32));
	return (buf);
}

static bool
is_int(const dt_node_t *dnp)
{
	return (dnp->dn_type.ty_kind == DT_TK_INT);
}

static bool
is_scalar(const dt_node_t *dnp)
{
	return (dnp->dn_type.ty_kind == DT_TK_INT ||
	    dnp->dn_type.ty_kind == DT_TK_PTR);
}

static bool
is_string(const dt_node_t *dnp)
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
static bool
is_strarg(const dt_node_t *dnp)
{
	dt_type_t t = dnp->dn_type;

	return (is_string(dnp) || (dnp->dn_kind == DN_INT &&
	    dnp->dn_value == 0) || (t.ty_kind == DT_TK_PTR &&
	    t.ty_plevel == 0 && (t.ty_psize == 1 || (t.ty_psize == 0 &&
	    t.ty_btf == 0))));
}

/*
 * What a void * parameter takes: an integer or a pointer (an address), or
 * a string or an array, whose value is its address.
 */
static bool
is_addrarg(const dt_node_t *dnp)
{
	return (is_scalar(dnp) || is_string(dnp) ||
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
static void __attribute__((noreturn))
void_arith(dt_pcb_t *pcb, const dt_node_t *dnp, const char *op)
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

static uint32_t
ptr_elem(dt_pcb_t *pcb, const dt_node_t *dnp, dt_type_t t, const char *op)
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
			void_arith(pcb, dnp, op);
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
		void_arith(pcb, dnp, op);
	return (t.ty_psize);
}

/*
 * DTrace's usual arithmetic conversions: no promotion to int; of two
 * integer operands the one of higher rank gives the result its type, the
 * rank being the size in bits plus one for an unsigned type (so unsigned
 * char + signed char is unsigned char, short + unsigned char is short);
 * equal ranks are the same type.  A pointer operand gives its own type.
 */
static dt_type_t
common_type(dt_type_t a, dt_type_t b)
{
	if (a.ty_kind == DT_TK_PTR)
		return (a);
	if (b.ty_kind == DT_TK_PTR)
		return (b);
	if (b.ty_size * 8 + !b.ty_signed > a.ty_size * 8 + !a.ty_signed)
		return (b);
	return (a);
}

static void sema_expr(dt_pcb_t *, dt_node_t *);

static bool fold_int(dt_pcb_t *, const dt_node_t *, int64_t *,
    dt_type_t *);

/*
 * May scalar r be stored in lv (both checked)?  A pointer takes a pointer
 * or the constant 0 (NULL), not another integer; an integer takes no
 * pointer: D converts between the two only by a cast.  A variable first
 * read before any assignment (an int by default) takes either.
 */
static bool
ptr_int_compat(dt_pcb_t *pcb, const dt_node_t *lv, const dt_node_t *r)
{
	int64_t v;
	dt_type_t vt;

	if (lv->dn_ident != NULL && lv->dn_ident->di_readfirst)
		return (true);
	if (lv->dn_type.ty_kind == DT_TK_PTR && r->dn_type.ty_kind ==
	    DT_TK_INT)
		return (fold_int(pcb, r, &v, &vt) && v == 0);
	return (!(lv->dn_type.ty_kind == DT_TK_INT &&
	    r->dn_type.ty_kind == DT_TK_PTR));
}

/*
 * May pointer p be compared with n?  Not with an integer other than the
 * constant 0 (D_OP_INCOMPAT, as DTrace has it), unless that integer is
 * a variable read before any assignment (an int by default).
 */
static bool
ptr_cmp_compat(dt_pcb_t *pcb, const dt_node_t *p, const dt_node_t *n)
{
	if (p->dn_type.ty_kind != DT_TK_PTR || n->dn_type.ty_kind != DT_TK_INT)
		return (true);
	if (n->dn_kind == DN_VAR && n->dn_ident != NULL &&
	    n->dn_ident->di_readfirst)
		return (true);
	return (ptr_int_compat(pcb, p, n));
}

/* Is pointer type t void * (D's own, or of the kernel's void)? */
static bool
is_voidptr(dt_type_t t)
{
	return (t.ty_kind == DT_TK_PTR && t.ty_btf == 0 && t.ty_plevel == 0 &&
	    t.ty_psize == 0);
}

/* What a pointer points to, as ptrs_compat() tells pointers apart. */
typedef struct ptarget {
	char pe_kind;		/* 'v' void, 'i' integer, 's' struct or
				   union, 'p' pointer, 'o' other */
	long pe_size;		/* 'i': its size */
	const char *pe_name;	/* 's': its tag, NULL if none */
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
	default:
		return ((ptarget_t){ 'o', 0, NULL });
	}
}

/*
 * Are pointers l and r compatible, as DTrace has it: one of them void *,
 * or both pointing to the same type.  Told apart here, leniently: a
 * struct or union from another one (by tag), from an integer or from a
 * pointer, and integers of different sizes (int * and char *).
 */
static bool
ptrs_compat(dt_pcb_t *pcb, const dt_node_t *l, const dt_node_t *r)
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
	if (a.pe_kind == 's')
		return (a.pe_name == NULL || b.pe_name == NULL ||
		    strcmp(a.pe_name, b.pe_name) == 0);
	return (true);
}

static void __attribute__((noreturn))
incompat(dt_pcb_t *pcb, dt_node_t *dnp, const char *op)
{
	char b1[256], b2[256];

	dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos,
	    "operands have incompatible types: \"%s\" %s \"%s\"",
	    tname(pcb, dnp->dn_left->dn_type, b1, sizeof (b1)), op,
	    tname(pcb, dnp->dn_right->dn_type, b2, sizeof (b2)));
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
static int64_t
kernel_offset(dt_pcb_t *pcb, dt_srcpos_t pos, const char *sname,
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

/* Every node of the tree at pos. */
static void
set_pos(dt_node_t *dnp, dt_srcpos_t pos)
{
	if (dnp == NULL)
		return;
	dnp->dn_pos = pos;
	set_pos(dnp->dn_left, pos);
	set_pos(dnp->dn_right, pos);
	set_pos(dnp->dn_cond, pos);
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list)
		set_pos(a, pos);
}

/*
 * A copy of an inline's expression for its use at pos.  Its nodes take
 * that position: the inline may come from another text (the D library),
 * whose lines mean nothing in this one, so errors point at the use.
 */
static dt_node_t *
inline_copy(dt_pcb_t *pcb, const dt_ident_t *idp, dt_srcpos_t pos)
{
	dt_node_t *e = dt_node_dup(pcb, idp->di_inline, pos);

	if (e == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	set_pos(e, pos);
	return (e);
}

/*
 * Is a cast of a value of type from to type to an identity that DTrace
 * allows although the type is no scalar: a struct or union to its own
 * type (the tag's typedef resolved), a float to its own size?  A cast
 * between compatible types changes nothing; any other cast to a struct,
 * union, array or float is D_CAST_INVAL.
 */
static bool
cast_identity(dt_pcb_t *pcb, dt_type_t to, dt_type_t from, dt_srcpos_t pos)
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
 * Is e, not yet checked, a pointer to a translated struct: xlate <T *>
 * (e), or an inline that is one (curpsinfo)?
 */
static bool
is_xlate_ptr(dt_pcb_t *pcb, const dt_node_t *e)
{
	const dt_ident_t *idp;
	bool liberr;

	for (int depth = 0; depth < 16 && e->dn_kind == DN_VAR &&
	    e->dn_str != NULL && e->dn_ident == NULL &&
	    e->dn_builtin == NULL && dt_builtin_lookup(e->dn_str) == NULL &&
	    (idp = dt_lib_lookup(pcb->pcb_hdl, e->dn_str, &liberr)) != NULL &&
	    idp->di_kind == DT_IDENT_INLINE && idp->di_inline != NULL; depth++)
		e = idp->di_inline;
	return (e->dn_kind == DN_XLATE && e->dn_type.ty_kind == DT_TK_PTR);
}

static dt_idkind_t var_kind(const char *);
static void replace_node(dt_node_t *, dt_node_t *);
static void char_array_string(dt_pcb_t *, dt_node_t *);
static dt_ident_t *declare_scalar(dt_pcb_t *, const char *, dt_type_t,
    dt_srcpos_t);

/*
 * The kernel offsets of the path walk (d_path(), cwd, root, fds[]), once
 * per clause: struct path, dentry, vfsmount, mount (which holds the
 * vfsmount as its member mnt), fs_struct, files_struct and fdtable.
 */
static void
path_offsets(dt_pcb_t *pcb, dt_srcpos_t pos)
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
		int64_t off = kernel_offset(pcb, pos, offs[i].sname,
		    offs[i].member);

		if (offs[i].sub != NULL)
			off += kernel_offset(pcb, pos, offs[i].subs,
			    offs[i].sub);
		dcp->dc_pathoff[offs[i].po] = (int32_t)off;
	}
	dcp->dc_pathoffs = true;
}

static char *
tname(dt_pcb_t *pcb, dt_type_t t, char *buf, size_t len);

/* Does e, or a node after it in its list, assign variable name? */
static bool
assigns(const dt_node_t *e, const char *name)
{
	for (; e != NULL; e = e->dn_list) {
		if ((e->dn_kind == DN_ASSIGN || e->dn_kind == DN_INCDEC) &&
		    e->dn_left != NULL && e->dn_left->dn_kind == DN_VAR &&
		    e->dn_left->dn_str != NULL &&
		    strcmp(e->dn_left->dn_str, name) == 0)
			return (true);
		if (assigns(e->dn_left, name) || assigns(e->dn_right, name) ||
		    assigns(e->dn_cond, name) || assigns(e->dn_args, name))
			return (true);
	}
	return (false);
}

/*
 * May global name be read here, before it is declared?  DTrace declares a
 * global where a clause assigns it, clause by clause in program order:
 * a clause may read one that it assigns itself (its predicate is checked
 * after its body, so /g == 0/ { g = 5; } is fine), but not one that only
 * a later clause assigns (END { t = timestamp - start; } before the BEGIN
 * clause that sets start is D_IDENT_UNDEF).  Outside a clause (a
 * translator being checked) any assignment in the program will do.
 */
static bool
may_read_undeclared(dt_pcb_t *pcb, const char *name)
{
	const dt_clause_t *dcp = pcb->pcb_clause;

	if (dcp != NULL && (dcp->dc_pred != NULL || dcp->dc_body != NULL))
		return (assigns(dcp->dc_pred, name) ||
		    assigns(dcp->dc_body, name));
	if (pcb->pcb_prog == NULL)
		return (true);
	for (dcp = pcb->pcb_prog->dp_clauses; dcp != NULL; dcp = dcp->dc_next) {
		if (assigns(dcp->dc_pred, name) || assigns(dcp->dc_body, name))
			return (true);
	}
	return (false);
}

static void
sema_var(dt_pcb_t *pcb, dt_node_t *dnp)
{
	const dt_ident_t *bi = dt_builtin_lookup(dnp->dn_str);
	dt_ident_t *idp;
	bool liberr;

	if (bi != NULL && bi->di_kind == DT_IDENT_BUILTIN) {
		dnp->dn_builtin = bi;
		dnp->dn_type = bi->di_type;
		if (pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_attr = dt_attr_min(
			    pcb->pcb_clause->dc_attr, dt_attr_bi(bi->di_id));
		if (bi->di_id >= DT_BI_PROBEPROV && bi->di_id <= DT_BI_PROBENAME)
			pcb->pcb_clause->dc_useprobes = true;
		if ((bi->di_id == DT_BI_STACKDEPTH ||
		    bi->di_id == DT_BI_CALLER) && pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_kstack = true;
		if (bi->di_id == DT_BI_CURCPU && pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_cpuinfo = true;
		switch (bi->di_id) {
		case DT_BI_CURTHREAD: {
			dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);

			dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
			dnp->dn_type.ty_btf = dt_tcache_tag(te, BTF_KIND_STRUCT,
			    "task_struct");
			if (dnp->dn_type.ty_btf == 0)
				dt_cerror(pcb, "D_BTF", dnp->dn_pos, "kernel "
				    "type data lacks struct task_struct");
			break;
		}
		case DT_BI_PPID:
			dnp->dn_value = kernel_offset(pcb, dnp->dn_pos,
			    "task_struct", "real_parent");
			dnp->dn_aux = kernel_offset(pcb, dnp->dn_pos,
			    "task_struct", "tgid");
			break;
		case DT_BI_VTIMESTAMP:
			dnp->dn_value = kernel_offset(pcb, dnp->dn_pos,
			    "task_struct", "se") + kernel_offset(pcb,
			    dnp->dn_pos, "sched_entity", "sum_exec_runtime");
			break;
		case DT_BI_CWD:
		case DT_BI_ROOT:
			path_offsets(pcb, dnp->dn_pos);
			break;
		case DT_BI_FDS:
			dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos,
			    "fds[ ] must be indexed");
		case DT_BI_ARGS:
			dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos,
			    "args[ ] must be indexed");
		case DT_BI_UREGS:
			dt_cerror(pcb, "D_REGS_IDX", dnp->dn_pos,
			    "uregs[ ] must be indexed");
		}
		return;
	}
	if (bi != NULL && dt_builtin_taken(pcb->pcb_hdl, dnp->dn_str) != NULL)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos,
		    "%s( ) may not be referenced as a variable", dnp->dn_str);
	idp = dt_lib_lookup(pcb->pcb_hdl, dnp->dn_str, &liberr);
	if (liberr)
		dt_lib_error(pcb, dnp->dn_pos);
	if ((idp == NULL || !idp->di_defined) &&
	    strcmp(dnp->dn_str, "NULL") == 0) {
		/* NULL: D's name for address 0, an int 0 as DTrace has it
		   (sizeof (NULL) is 4), which a pointer, a string or a
		   struct takes as the constant 0; dn_str keeps its name */
		dnp->dn_kind = DN_INT;
		dnp->dn_value = 0;
		dnp->dn_type = t_int;
		return;
	}
	if ((idp == NULL || !idp->di_defined) &&
	    (dnp->dn_value = dt_regs_lookup(dnp->dn_str)) >= 0) {
		/* a uregs[] index name (R_PC) is an int constant */
		dnp->dn_kind = DN_INT;
		dnp->dn_type = (dt_type_t){ DT_TK_INT, 4, 1 };
		return;
	}
	if (idp == NULL && var_kind(dnp->dn_str) != DT_IDENT_GLOBAL)
		/*
		 * self->x and this->x read before anything declared or
		 * assigned them, in the order DTrace checks a program (its
		 * clauses in turn, a clause's body before its predicate):
		 * DTrace's D_VAR_UNDEF (++ and op= are checked apart)
		 */
		dt_cerror(pcb, "D_VAR_UNDEF", dnp->dn_pos, "%s has not yet "
		    "been declared or assigned", dnp->dn_str);
	if (idp == NULL || !idp->di_defined) {
		/* a kernel enumerator (PIDTYPE_PID) is a constant */
		dt_tentry_t *te = dt_ktypes(pcb->pcb_hdl) != NULL ?
		    dt_pcb_types(pcb, dnp->dn_pos) : NULL;
		int64_t v;
		uint32_t eid;

		if (te != NULL && (eid = dt_tcache_enumerator(te, dnp->dn_str,
		    &v)) != 0) {
			const char *what;

			dnp->dn_kind = DN_INT;
			dnp->dn_value = v;
			if (dt_btf_dtype(te->te_btf, eid, &dnp->dn_type,
			    &what) != 0)
				dnp->dn_type = t_long;
			return;
		}
		if (idp == NULL && strcmp(dnp->dn_str, "ipl") == 0)
			/* DTrace reads the kernel's per-CPU preempt count:
			   a data symbol, which this kernel does not list */
			dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "ipl is "
			    "not supported: the kernel's preempt count has "
			    "no address here (no data symbols)");
		if (idp != NULL || !may_read_undeclared(pcb, dnp->dn_str))
			dt_cerror(pcb, "D_IDENT_UNDEF", dnp->dn_pos,
			    "failed to resolve %s: Unknown variable name",
			    dnp->dn_str);
		idp = declare_scalar(pcb, dnp->dn_str,
		    (dt_type_t){ DT_TK_INT, 4, 1 }, dnp->dn_pos);
		idp->di_readfirst = true;
		idp->di_wide = true;
	}
	if (idp->di_kind == DT_IDENT_ASSOC)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos, "%s is an "
		    "associative array: it needs a key", dnp->dn_str);
	if (idp->di_kind == DT_IDENT_TYPE)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos, "%s is a type "
		    "name, not a variable", dnp->dn_str);
	if (idp->di_kind == DT_IDENT_INLINE) {
		/* an inline: its expression, converted to its type (one of
		   struct type is its expression: the same type, checked
		   where it was declared) */
		dt_node_t *e = inline_copy(pcb, idp, dnp->dn_pos);

		if (dt_type_isbytes(idp->di_type) || (e->dn_kind ==
		    DN_XLATE && e->dn_type.ty_kind == DT_TK_PTR)) {
			/* nor is a translated pointer (curpsinfo) cast */
			replace_node(dnp, e);
			sema_expr(pcb, dnp);
			return;
		}

		free(dnp->dn_str);
		dnp->dn_str = NULL;
		dnp->dn_kind = DN_CAST;
		dnp->dn_type = idp->di_type;
		dnp->dn_left = e;
		sema_expr(pcb, dnp);
		return;
	}
	dnp->dn_ident = idp;
	dnp->dn_type = idp->di_type;
}

/* The kind of variable a name declares: self->x, this->x or a global. */
static dt_idkind_t
var_kind(const char *name)
{
	if (strncmp(name, "self->", 6) == 0)
		return (DT_IDENT_TLS);
	if (strncmp(name, "this->", 6) == 0)
		return (DT_IDENT_LOCAL);
	return (DT_IDENT_GLOBAL);
}

/* Bytes a value of type t takes in a variable, record or key. */
static uint32_t
value_bytes(dt_pcb_t *pcb, dt_type_t t)
{
	if (t.ty_kind == DT_TK_STACK)
		return (t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USTACK)	/* the pid, then the frames */
		return (8U + t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
	    t.ty_kind == DT_TK_UADDR)	/* the pid, the address */
		return (16);
	if (t.ty_kind == DT_TK_FLOAT)	/* its bytes: 8, or 16 */
		return ((t.ty_size + 7U) & ~7U);
	if (t.ty_kind == DT_TK_STRUCT || t.ty_kind == DT_TK_ARRAY) {
		/* its bytes, a copy */
		int64_t sz = dt_btf_size(dt_pcb_types(pcb,
		    (dt_srcpos_t){ 0 })->te_btf, t.ty_btf);

		return (sz > 0 ? ((uint32_t)sz + 7) & ~7U : 8);
	}
	/* a string: its buffer exactly, which a literal or a temporary
	   holding the value being stored is, and no more */
	return (t.ty_kind == DT_TK_STRING ? dt_strbuf(pcb->pcb_hdl) : 8);
}

/*
 * Bytes of a key component of type t: a string takes its strsize
 * characters, rounded up to 8, without room for a NUL (one of strsize
 * characters has none in the key), so that two strings of the default
 * strsize fit in a key (the kernel takes keys of at most 512 bytes).
 */
static uint32_t
key_bytes(dt_pcb_t *pcb, dt_type_t t)
{
	if (t.ty_kind == DT_TK_STRING)
		return ((pcb->pcb_hdl->dt_opts.op_strsize + 7) & ~7U);
	return (value_bytes(pcb, t));
}

/*
 * The most bytes a string key expression can hold, NUL included, when it
 * is known to be less than strsize's: execname (a task's comm), the
 * probe's names (a dtrace_probedesc_t holds them: DTrace's limits), a
 * string literal and a char array in memory (its size); 0 when not
 * known.
 */
static uint32_t
key_str_bound(dt_pcb_t *pcb, const dt_node_t *k)
{
	uint32_t b = 0;
	int64_t sz;

	if (k->dn_type.ty_kind != DT_TK_STRING)
		return (0);
	if (k->dn_builtin != NULL && k->dn_builtin->di_kind ==
	    DT_IDENT_BUILTIN) {
		switch (k->dn_builtin->di_id) {
		case DT_BI_EXECNAME:
			b = DT_COMM_LEN;
			break;
		/* a probe's names are held in its dtrace_probedesc_t */
		case DT_BI_PROBEPROV:
			b = DTRACE_PROVNAMELEN;
			break;
		case DT_BI_PROBEMOD:
			b = DTRACE_MODNAMELEN;
			break;
		case DT_BI_PROBEFUNC:
			b = DTRACE_FUNCNAMELEN;
			break;
		case DT_BI_PROBENAME:
			b = DTRACE_NAMELEN;
			break;
		}
	} else if (k->dn_kind == DN_STRING) {
		b = (uint32_t)k->dn_strlen + 1;
	} else if (k->dn_type.ty_btf != 0 && (sz = dt_btf_size(
	    dt_pcb_types(pcb, k->dn_pos)->te_btf, k->dn_type.ty_btf)) > 0 &&
	    sz < (int64_t)dt_strbuf(pcb->pcb_hdl)) {
		b = (uint32_t)sz;
	}
	/* only a bound that saves bytes counts */
	return (((b + 7) & ~7U) < key_bytes(pcb, k->dn_type) ? b : 0);
}

/*
 * A key whose components at their full size pass the kernel's 512 bytes
 * (three strings of the default strsize, or two and a number) keeps each
 * string component known to be short (execname, probefunc, a char
 * array: key_str_bound()) in the bytes it needs, rounded to 8: di_keybytes[i] (0 where a string takes
 * strsize's bytes).  Keys that fit keep every string at strsize, so that
 * a later use may put any string there.  Sets di_keysize, the components'
 * bytes; extra is what the key has besides (a thread id).
 */
static void
key_layout(dt_pcb_t *pcb, dt_ident_t *idp, const dt_node_t *keys,
    uint32_t extra)
{
	const dt_node_t *k;
	unsigned int i;

	idp->di_keysize = 0;
	for (k = keys, i = 0; k != NULL; k = k->dn_list, i++) {
		if (idp->di_keys[i].ty_kind == DT_TK_STRING)
			idp->di_keybytes[i] = 0;
		idp->di_keysize += key_bytes(pcb, idp->di_keys[i]);
	}
	idp->di_keyfull = idp->di_keysize;
	if (idp->di_keysize + extra <= DT_MAXKEYSIZE)
		return;
	for (k = keys, i = 0; k != NULL; k = k->dn_list, i++) {
		uint32_t b = key_str_bound(pcb, k);

		if (b == 0)
			continue;
		idp->di_keybytes[i] = (b + 7) & ~7U;
		idp->di_keysize -= key_bytes(pcb, idp->di_keys[i]) -
		    idp->di_keybytes[i];
	}
}

/*
 * A later use of a key whose string component i was kept short: its
 * string must be known to fit.
 */
static void
key_fits(dt_pcb_t *pcb, const dt_ident_t *idp, unsigned int i,
    const dt_node_t *k, const char *name)
{
	uint32_t b;

	if (idp->di_keys[i].ty_kind != DT_TK_STRING ||
	    idp->di_keybytes[i] == 0)
		return;
	b = key_str_bound(pcb, k);
	if (b == 0 || b > idp->di_keybytes[i])
		dt_cerror(pcb, "D_ARR_KEYSIZE", k->dn_pos, "key #%u of %s "
		    "holds at most %u characters here (its key would pass "
		    "%d bytes at strsize %u): a string that may be longer "
		    "cannot be a key there", i + 1, name,
		    idp->di_keybytes[i] - 1, DT_MAXKEYSIZE,
		    pcb->pcb_hdl->dt_opts.op_strsize);
}

/*
 * The bytes a ustack() record carries after its frames for unwinding in
 * the consumer (proc/dt_cfi.c): a header word, the task's user registers
 * (struct pt_regs, at current->stack + DT_THREAD_SIZE - its size, as
 * uregs[] reads them) and ustackcopy bytes of the user stack from its sp;
 * none when ustackcopy is 0.  e's dn_value gets the offset of
 * task_struct.stack, dn_aux the offset of the registers in the stack.
 */
static uint32_t
ustack_copy_bytes(dt_pcb_t *pcb, dt_node_t *e)
{
	uint32_t copy = pcb->pcb_hdl->dt_opts.op_ustackcopy;
	dt_tentry_t *te;
	uint32_t rid;
	int64_t size;

	if (copy == 0)
		return (0);
	te = dt_pcb_types(pcb, e->dn_pos);
	rid = dt_tcache_tag(te, BTF_KIND_STRUCT, "pt_regs");
	size = rid != 0 ? dt_btf_size(te->te_btf, rid) : -1;
	if (size < 160 || size > 512 || size % 8 != 0)	/* x86-64's: 168 */
		dt_cerror(pcb, "D_BTF", e->dn_pos, "kernel type data lacks "
		    "struct pt_regs");
	e->dn_value = kernel_offset(pcb, e->dn_pos, "task_struct", "stack");
	e->dn_aux = DT_THREAD_SIZE - size;
	return (8U + (uint32_t)size + copy);
}

/* usym(), ufunc(), umod(), uaddr(): a pid and a user address */
static bool
is_usym(dt_type_t t)
{
	return (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
	    t.ty_kind == DT_TK_UADDR);
}

/* Key components agree: strings, stacks (of one depth) or integers. */
static bool
key_same(dt_type_t a, dt_type_t b)
{
	if (a.ty_kind == DT_TK_STACK || b.ty_kind == DT_TK_STACK ||
	    a.ty_kind == DT_TK_USTACK || b.ty_kind == DT_TK_USTACK)
		return (a.ty_kind == b.ty_kind && a.ty_size == b.ty_size);
	if (is_usym(a) || is_usym(b))
		return (a.ty_kind == b.ty_kind);
	if (a.ty_kind == DT_TK_SYM || b.ty_kind == DT_TK_SYM ||
	    a.ty_kind == DT_TK_MOD || b.ty_kind == DT_TK_MOD)
		return (a.ty_kind == b.ty_kind);
	if (dt_type_isbytes(a) || dt_type_isbytes(b))
		return (dt_type_same(a, b));	/* a struct: the same one */
	return ((a.ty_kind == DT_TK_STRING) == (b.ty_kind == DT_TK_STRING));
}

/* @a[1][2], kept by the parser: aggregations have one key tuple. */
static void
agg_mdim(dt_pcb_t *pcb, const dt_node_t *agg)
{
	if (agg->dn_kind == DN_AGG && agg->dn_left != NULL)
		dt_cerror(pcb, "D_AGG_MDIM", agg->dn_left->dn_pos,
		    "multi-dimensional indexing of aggregation %s is not "
		    "supported: use one key tuple, %s[a, b]", agg->dn_str,
		    agg->dn_str);
}

static const char *
key_kind(dt_type_t t)
{
	return (t.ty_kind == DT_TK_STRING ? "string" :
	    dt_type_isbytes(t) ? "struct, union or array" :
	    t.ty_kind == DT_TK_STACK ? "stack" : t.ty_kind == DT_TK_USTACK ?
	    "user stack" : t.ty_kind == DT_TK_USYM ? "user symbol" :
	    t.ty_kind == DT_TK_UMOD ? "user module" : t.ty_kind ==
	    DT_TK_UADDR ? "user address" : t.ty_kind == DT_TK_SYM ?
	    "symbol" : t.ty_kind == DT_TK_MOD ? "module" : "integer");
}

/*
 * Flatten the key of a[k1, k2, ...] (a comma tree) into dn_args; an
 * associative array's (not an aggregation's) may hold a struct, union or
 * array, its bytes copied into the key.
 */
static bool xlate_ptr(dt_pcb_t *, dt_node_t *);

static unsigned int
assoc_keys(dt_pcb_t *pcb, dt_node_t *dnp, bool bytes)
{
	dt_node_t *keys[DT_MAXKEYS + 1], *k = dnp->dn_right;
	unsigned int n = 0;

	while (k->dn_kind == DN_COMMA && n < DT_MAXKEYS) {
		keys[n++] = k->dn_right;
		k = k->dn_left;
	}
	keys[n++] = k;
	if (n > DT_MAXKEYS)
		dt_cerror(pcb, "D_ARR_KEYS", dnp->dn_pos, "associative "
		    "array key has more than %d components", DT_MAXKEYS);
	dnp->dn_args = NULL;
	for (unsigned int i = 0; i < n; i++) {	/* keys[] is reversed */
		keys[i]->dn_list = dnp->dn_args;
		dnp->dn_args = keys[i];
		if (xlate_ptr(pcb, keys[i]))
			dt_cerror(pcb, "D_KEY_TYPE", keys[i]->dn_pos,
			    "invalid key #%u: a pointer to a translated struct "
			    "is of dynamic type", i + 1);
		pcb->pcb_actuse = DT_ACTUSE_KEY;
		sema_expr(pcb, keys[i]);
		pcb->pcb_actuse = DT_ACTUSE_EXPR;
		if (keys[i]->dn_type.ty_kind != DT_TK_STRING &&
		    keys[i]->dn_type.ty_kind != DT_TK_STACK &&
		    keys[i]->dn_type.ty_kind != DT_TK_USTACK &&
		    !is_usym(keys[i]->dn_type) &&
		    keys[i]->dn_type.ty_kind != DT_TK_SYM &&
		    keys[i]->dn_type.ty_kind != DT_TK_MOD &&
		    !(bytes && dt_type_isbytes(keys[i]->dn_type)) &&
		    !is_scalar(keys[i]))
			dt_cerror(pcb, "D_KEY_TYPE", keys[i]->dn_pos,
			    "invalid key #%u: associative array and "
			    "aggregation keys must be integers, pointers or "
			    "strings", i + 1);
	}
	return (n);
}

/* The bytes a struct or array key copies: its type's size (else 0). */
static uint32_t
key_copy_bytes(dt_pcb_t *pcb, dt_type_t t, dt_srcpos_t pos)
{
	int64_t sz;

	if (!dt_type_isbytes(t))
		return (0);
	sz = dt_btf_size(dt_pcb_types(pcb, pos)->te_btf, t.ty_btf);
	if (sz <= 0)
		dt_cerror(pcb, "D_KEY_TYPE", pos, "a key of an incomplete "
		    "struct, union or array type");
	return ((uint32_t)sz);
}

/*
 * A variable of struct or array type holds a copy of one (at most
 * DT_STRUCTVAR_MAX bytes): di_tsize, the bytes a store copies.
 */
static void
struct_var(dt_pcb_t *pcb, dt_ident_t *idp, dt_srcpos_t pos)
{
	if (!dt_type_isbytes(idp->di_type))
		return;
	if (idp->di_type.ty_kind == DT_TK_FLOAT) {
		idp->di_tsize = idp->di_type.ty_size;
		return;
	}
	idp->di_tsize = dt_btf_size(dt_pcb_types(pcb, pos)->te_btf,
	    idp->di_type.ty_btf);
	if (idp->di_tsize < 0) {
		char b[256];

		dt_cerror(pcb, "D_DECL_INCOMPLETE", pos, "incomplete "
		    "struct/union/enum %s: %s", tname(pcb, idp->di_type, b,
		    sizeof (b)), idp->di_name);
	}
	if (idp->di_tsize <= 0 || idp->di_tsize > DT_STRUCTVAR_MAX)
		dt_cerror(pcb, "D_OP_INCOMPAT", pos, "a variable holds a "
		    "struct, union or array of 1 to %d bytes, not %lld",
		    DT_STRUCTVAR_MAX, (long long)idp->di_tsize);
}

static dt_ident_t *declare_scalar(dt_pcb_t *, const char *, dt_type_t,
    dt_srcpos_t);

/*
 * A thread-local associative array, self->a[k...], new associative array
 * idp: its map's key is the thread id (8 bytes) and then the components,
 * so that two threads' self->a[k] are two elements.  A thread that stores
 * one is marked in the handle's owner map (a TLS variable keyed by thread
 * id that D cannot name), which tells the program run at the thread's exit
 * that it has elements to delete (core/dt_work.c).
 */
static void
assoc_thread(dt_pcb_t *pcb, dt_ident_t *idp, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	if (var_kind(idp->di_name) != DT_IDENT_TLS)
		return;
	idp->di_tls = true;
	idp->di_keysize += 8;
	idp->di_keyfull += 8;
	if (dtp->dt_tlsowner == NULL)
		dtp->dt_tlsowner = declare_scalar(pcb, "self->.owner",
		    (dt_type_t){ DT_TK_INT, 8, 0 }, pos);
}

/*
 * a[k...] or self->a[k...]: an associative array.  Reading a global
 * array never assigned is an error (a thread-local one is an array of
 * ints); the first assignment declares it with its key types.  Later uses
 * must agree on the number of keys and on string versus integer.
 */
static dt_ident_t *
sema_assoc(dt_pcb_t *pcb, dt_node_t *dnp, bool store, dt_type_t ty)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	const char *name = dnp->dn_left->dn_str;
	dt_ident_t *idp = dt_ident_lookup(dtp, name);
	unsigned int n, i = 0;

	if (var_kind(name) == DT_IDENT_LOCAL)
		dt_cerror(pcb, "D_ARR_LOCAL", dnp->dn_pos, "%s: clause-local "
		    "variables may not be associative arrays", name);
	n = assoc_keys(pcb, dnp, true);
	dt_node_t *k;

	if (idp != NULL && idp->di_kind != DT_IDENT_ASSOC)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos, "%s is a scalar "
		    "variable, not an associative array", name);
	if (idp == NULL && !store && var_kind(name) == DT_IDENT_GLOBAL)
		dt_cerror(pcb, "D_IDENT_UNDEF", dnp->dn_pos, "failed to "
		    "resolve %s: Unknown variable name", name);
	if (idp == NULL && !store)
		/* self->a[k] read before any assignment, as self->x */
		dt_cerror(pcb, "D_VAR_UNDEF", dnp->dn_pos, "%s has not yet "
		    "been declared or assigned", name);
	if (idp == NULL) {
		if (ty.ty_kind == DT_TK_VOID || ty.ty_kind == DT_TK_ARRAY)
			dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos, "an "
			    "associative array element must be an integer, a "
			    "pointer, a string or a struct");
		if ((idp = dt_ident_create(dtp, name, DT_IDENT_ASSOC)) ==
		    NULL)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		idp->di_type = ty;
		idp->di_defined = true;
		idp->di_nkeys = n;
		for (k = dnp->dn_args; k != NULL; k = k->dn_list, i++) {
			idp->di_keys[i] = k->dn_type;
			idp->di_keybytes[i] = key_copy_bytes(pcb, k->dn_type,
			    k->dn_pos);
		}
		key_layout(pcb, idp, dnp->dn_args,
		    var_kind(name) == DT_IDENT_TLS ? 8 : 0);
		idp->di_valsize = value_bytes(pcb, ty);
		struct_var(pcb, idp, dnp->dn_pos);
		assoc_thread(pcb, idp, dnp->dn_pos);
		if (idp->di_keysize > DT_MAXKEYSIZE)
			dt_cerror(pcb, "D_ARR_KEYSIZE", dnp->dn_pos, "key of %s "
			    "is %u bytes, more than %d: reduce strsize or the "
			    "string keys", name, idp->di_keysize,
			    DT_MAXKEYSIZE);
		if (dt_varmap_add(dtp, idp) < 0)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
	}
	/* the keys are the array's prototype: DTrace's tags for a call's */
	if (n != idp->di_nkeys)
		dt_cerror(pcb, "D_PROTO_LEN", dnp->dn_pos, "%s[ ] prototype "
		    "mismatch: %u key%s passed, %u expected", name, n,
		    n == 1 ? "" : "s", idp->di_nkeys);
	for (k = dnp->dn_args, i = 0; k != NULL; k = k->dn_list, i++) {
		char b[256];

		if (key_same(k->dn_type, idp->di_keys[i])) {
			key_fits(pcb, idp, i, k, name);
			continue;
		}
		if (dt_type_isbytes(idp->di_keys[i]))
			dt_cerror(pcb, "D_PROTO_ARG", k->dn_pos, "%s[ ] key #%u "
			    "is incompatible with its prototype: %s expected",
			    name, i + 1, tname(pcb, idp->di_keys[i], b,
			    sizeof (b)));
		dt_cerror(pcb, "D_PROTO_ARG", k->dn_pos, "%s[ ] key #%u is "
		    "incompatible with its prototype: %s expected", name,
		    i + 1, key_kind(idp->di_keys[i]));
	}
	dnp->dn_ident = idp;
	dnp->dn_type = idp->di_type;
	return (idp);
}

/* Declare a global, self-> or this-> variable of type ty. */
static dt_ident_t *
declare_scalar(dt_pcb_t *pcb, const char *name, dt_type_t ty, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	uint32_t sz = value_bytes(pcb, ty);
	dt_idkind_t kind = var_kind(name);
	dt_ident_t *idp;

	if (ty.ty_kind == DT_TK_ARRAY && ty.ty_btf == 0)
		dt_cerror(pcb, "D_OP_INCOMPAT", pos, "a variable cannot hold "
		    "this array");
	if ((idp = dt_ident_create(dtp, name, kind)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	idp->di_type = ty;
	idp->di_defined = true;
	idp->di_valsize = sz;
	struct_var(pcb, idp, pos);
	switch (kind) {
	case DT_IDENT_TLS:
		idp->di_keysize = 8;	/* the thread id */
		idp->di_keyfull = 8;
		idp->di_valsize = sz;
		if (dt_varmap_add(dtp, idp) < 0)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		break;
	case DT_IDENT_LOCAL:
		if (dtp->dt_localsize + sz > DT_LOCALS_BYTES)
			dt_cerror(pcb, "D_LOCALS_SIZE", pos, "this-> variables "
			    "take more than %d bytes", DT_LOCALS_BYTES);
		idp->di_offset = dtp->dt_localsize;
		dtp->dt_localsize += sz;
		break;
	default:
		idp->di_offset = (dtp->dt_globsize + 7) & ~7U;
		dtp->dt_globsize = idp->di_offset + sz;
	}
	return (idp);
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
 * The value and type of an integer constant expression as the semantic
 * pass would type it and the code generator compute it: integer
 * constants, inlines already folded to one, casts to integer types,
 * unary + - ~ !, and binary
 * + - * & | ^ << >> (DTrace's conversions, common_type(); the value in
 * 64 bits as the code generator computes it, shift counts 0 to 63).  False
 * for anything else, which then stays a tree.  It does not recurse into
 * an inline's expression: one that is constant was folded when it was
 * declared (dt_sema_declare()), so that a chain of inlines each using
 * the previous one twice stays linear in its length.  The depth is the
 * parser's, already bounded.
 */
static bool
fold_int(dt_pcb_t *pcb, const dt_node_t *dnp, int64_t *vp, dt_type_t *tp)
{
	int64_t l, r;
	dt_type_t lt, rt;
	uint64_t v;

	switch (dnp->dn_kind) {
	case DN_INT:
		if (dnp->dn_type.ty_kind != DT_TK_INT)
			return (false);
		*vp = dnp->dn_value;
		*tp = dnp->dn_type;
		return (true);
	case DN_VAR: {
		bool err;
		dt_ident_t *idp;

		if (dt_builtin_lookup(dnp->dn_str) != NULL)
			return (false);
		idp = dt_lib_lookup(pcb->pcb_hdl, dnp->dn_str, &err);
		if (err)
			dt_lib_error(pcb, dnp->dn_pos);
		if (idp == NULL || idp->di_kind != DT_IDENT_INLINE ||
		    !idp->di_defined || idp->di_type.ty_kind != DT_TK_INT ||
		    idp->di_inline->dn_kind != DN_INT ||
		    idp->di_inline->dn_type.ty_kind != DT_TK_INT)
			return (false);
		/* the use converts the value to the inline's type */
		*tp = idp->di_type;
		*vp = dt_int_canonical(idp->di_inline->dn_value, *tp);
		return (true);
	}
	case DN_UNARY:
		if (!fold_int(pcb, dnp->dn_left, &l, &lt))
			return (false);
		*tp = lt;
		switch (dnp->dn_op) {
		case T_PLUS: v = (uint64_t)l; break;
		case T_MINUS: v = 0 - (uint64_t)l; break;
		case T_NOT: v = ~(uint64_t)l; break;
		case T_LNOT: v = l == 0; *tp = t_int; break;
		default: return (false);
		}
		*vp = (int64_t)v;
		return (true);
	case DN_CAST:
		if (dnp->dn_type.ty_kind != DT_TK_INT ||
		    !fold_int(pcb, dnp->dn_left, &l, &lt))
			return (false);
		*tp = dnp->dn_type;
		*vp = dt_int_canonical(l, *tp);
		return (true);
	case DN_BINARY:
		if (!fold_int(pcb, dnp->dn_left, &l, &lt) ||
		    !fold_int(pcb, dnp->dn_right, &r, &rt))
			return (false);
		*tp = common_type(lt, rt);
		switch (dnp->dn_op) {
		case T_PLUS: v = (uint64_t)l + (uint64_t)r; break;
		case T_MINUS: v = (uint64_t)l - (uint64_t)r; break;
		case T_STAR: v = (uint64_t)l * (uint64_t)r; break;
		case T_AND: v = (uint64_t)l & (uint64_t)r; break;
		case T_OR: v = (uint64_t)l | (uint64_t)r; break;
		case T_XOR: v = (uint64_t)l ^ (uint64_t)r; break;
		case T_LSH: case T_RSH:
			/* 64-bit shifts of the left operand as it is, in
			   its type, as the code generator does */
			if (r < 0 || r > 63)
				return (false);
			*tp = lt;
			if (dnp->dn_op == T_LSH)
				v = (uint64_t)l << r;
			else if (!tp->ty_signed || l >= 0)
				v = (uint64_t)l >> r;
			else		/* arithmetic: ~(~l >> r) */
				v = ~(~(uint64_t)l >> r);
			break;
		default:
			return (false);
		}
		*vp = (int64_t)v;
		return (true);
	default:
		return (false);
	}
}

/* Is a divisor an integer constant expression of value 0 (123 / (7 - 7))? */
static bool
divisor_zero(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	dt_type_t ty;
	int64_t v;

	if (dnp->dn_kind == DN_INT)
		return (dnp->dn_value == 0);
	return (fold_int(pcb, dnp, &v, &ty) && v == 0);
}

static void xlate_subst(dt_pcb_t *, dt_node_t *, const char *,
    const dt_node_t *);
static void xlate_convert(dt_pcb_t *, dt_node_t *, dt_node_t *, uint32_t);
static void xlator_check(dt_pcb_t *, const dt_xlator_t *, dt_srcpos_t);

/*
 * Check translator dxp where it is declared, as DTrace does: each member's
 * expression, its input standing for a value of the input type, must be
 * valid and compatible with the member.
 */
void
dt_sema_xlator_check(dt_pcb_t *pcb, const dt_xlator_t *dxp, dt_srcpos_t pos)
{
	dt_clause_t scratch = { 0 };

	if (pcb->pcb_clause != NULL) {
		xlator_check(pcb, dxp, pos);
		return;
	}
	pcb->pcb_clause = &scratch;	/* what it uses is noted there */
	xlator_check(pcb, dxp, pos);
	pcb->pcb_clause = NULL;
	dt_tcache_rele(scratch.dc_types);
}

static void
xlator_check(dt_pcb_t *pcb, const dt_xlator_t *dxp, dt_srcpos_t pos)
{
	dt_tentry_t *te = dt_pcb_types(pcb, pos);
	uint32_t sid = dt_btf_resolve(te->te_btf, dxp->dx_out.ty_btf);

	for (unsigned int i = 0; i < dxp->dx_nmemb; i++) {
		dt_node_t *in = dt_node_new(pcb, DN_INT, pos);
		dt_node_t *m = dt_node_new(pcb, DN_MEMBER, pos);
		dt_node_t *e = dt_node_dup(pcb, dxp->dx_mexprs[i], pos);
		uint32_t mtype, off, bit, bitsize;

		in->dn_type = dxp->dx_in;	/* a value of the input type */
		m->dn_op = T_DOT;
		if ((m->dn_str = strdup(dxp->dx_mnames[i])) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		if (dt_btf_member(te->te_btf, sid, m->dn_str, &mtype, &off,
		    &bit, &bitsize) != 0)
			continue;	/* refused as it was parsed */
		xlate_subst(pcb, e, dxp->dx_arg, in);
		xlate_convert(pcb, m, e, mtype);
	}
}

/* Does e name variable (or inline) name? */
static bool
names_ident(const dt_node_t *e, const char *name)
{
	if (e == NULL)
		return (false);
	if (e->dn_kind == DN_VAR && strcmp(e->dn_str, name) == 0)
		return (true);
	if (names_ident(e->dn_left, name) || names_ident(e->dn_right, name) ||
	    names_ident(e->dn_cond, name))
		return (true);
	for (const dt_node_t *a = e->dn_args; a != NULL; a = a->dn_list) {
		if (names_ident(a, name))
			return (true);
	}
	return (false);
}

/*
 * Check inline name of type ty, expression expr, where it is declared, as
 * DTrace does: it may not use itself (D_IDENT_UNDEF), and its expression
 * must be valid and compatible with its type (D_OP_INCOMPAT).  An inline
 * of array form is checked where it is used, its parameters bound.
 */
static void
inline_check(dt_pcb_t *pcb, const char *name, dt_type_t ty,
    const dt_node_t *expr, bool keyed)
{
	dt_node_t *e, *lv;
	char b1[256], b2[256];

	if (names_ident(expr, name))
		dt_cerror(pcb, "D_IDENT_UNDEF", expr->dn_pos, "failed to "
		    "resolve %s: Unknown variable name (inline %s uses "
		    "itself)", name, name);
	if (keyed)
		return;
	if (expr->dn_kind == DN_XLATE) {
		/* a translation: of the inline's type exactly; the
		   translator is found where it is used */
		if (!dt_type_same(ty, expr->dn_type))
			dt_cerror(pcb, "D_OP_INCOMPAT", expr->dn_pos, "inline "
			    "%s is not of the translation's type \"%s\"", name,
			    tname(pcb, expr->dn_type, b2, sizeof (b2)));
		return;
	}
	e = dt_node_dup(pcb, expr, expr->dn_pos);
	if (pcb->pcb_clause == NULL) {
		dt_clause_t scratch = { 0 };

		pcb->pcb_clause = &scratch;	/* what e uses is noted there */
		sema_expr(pcb, e);
		pcb->pcb_clause = NULL;
		dt_tcache_rele(scratch.dc_types);
	} else {
		sema_expr(pcb, e);
	}
	lv = dt_node_new(pcb, DN_INT, expr->dn_pos);	/* stands for it */
	lv->dn_type = ty;
	if (dt_type_isbytes(ty) || dt_type_isbytes(e->dn_type) ?
	    !dt_type_same(ty, e->dn_type) :
	    (ty.ty_kind == DT_TK_STRING) != is_string(e) ||
	    (!is_string(e) && !is_scalar(e)) || !ptr_int_compat(pcb, lv, e))
		dt_cerror(pcb, "D_OP_INCOMPAT", expr->dn_pos, "inline %s "
		    "operands have incompatible types: \"%s\" = \"%s\"", name,
		    tname(pcb, ty, b1, sizeof (b1)), tname(pcb, e->dn_type, b2,
		    sizeof (b2)));
}

/*
 * A declaration at the top of a program: a variable with its type (an
 * associative array when keys is not NULL, with nkeys key types), or an
 * inline (expr not NULL).  Declaring again with the same type is allowed.
 */
void
dt_sema_declare(dt_pcb_t *pcb, const char *name, dt_type_t ty,
    const dt_type_t *keys, int nkeys, char *const *params, dt_node_t *expr,
    dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_ident_t *idp = dt_ident_lookup(dtp, name);
	dt_idkind_t kind = expr != NULL ? DT_IDENT_INLINE : keys != NULL ?
	    DT_IDENT_ASSOC : var_kind(name);

	if (dt_builtin_taken(dtp, name) != NULL)
		dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier redeclared: "
		    "%s is a built-in", name);
	if (ty.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_DECL_VOIDOBJ", pos, "cannot declare %s of "
		    "type void", name);
	if (idp != NULL) {
		if (idp->di_kind != kind || !dt_type_same(idp->di_type, ty) ||
		    kind == DT_IDENT_INLINE || (keys != NULL &&
		    (int)idp->di_nkeys != nkeys))
			dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier "
			    "redeclared: %s", name);
		return;
	}
	if (kind == DT_IDENT_INLINE) {
		const dt_ident_t *xp;
		bool liberr;
		int64_t v;
		dt_type_t vt;

		/* an inline of a translation's inline (= curpsinfo) is
		   that translation */
		if (keys == NULL && expr->dn_kind == DN_VAR &&
		    (xp = dt_lib_lookup(dtp, expr->dn_str, &liberr)) !=
		    NULL && xp->di_kind == DT_IDENT_INLINE &&
		    xp->di_inline->dn_kind == DN_XLATE)
			expr = inline_copy(pcb, xp, expr->dn_pos);
		inline_check(pcb, name, ty, expr, keys != NULL);
		/* a constant expression is kept as its value */
		if (keys == NULL && ty.ty_kind == DT_TK_INT &&
		    fold_int(pcb, expr, &v, &vt)) {
			/* converted to the inline's type */
			expr = dt_node_new(pcb, DN_INT, expr->dn_pos);
			expr->dn_value = dt_int_canonical(v, ty);
			expr->dn_type = ty;
		}
		if ((idp = dt_ident_create(dtp, name, kind)) == NULL ||
		    (idp->di_inline = dt_node_dup(NULL, expr, pos)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		idp->di_type = ty;
		idp->di_defined = true;
		for (int i = 0; keys != NULL && i < nkeys; i++) {
			idp->di_keys[i] = keys[i];
			if ((idp->di_params[i] = strdup(params[i])) == NULL)
				dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		}
		idp->di_nkeys = keys != NULL ? (unsigned int)nkeys : 0;
		return;
	}
	if (keys == NULL) {
		(void) declare_scalar(pcb, name, ty, pos);
		return;
	}
	if (nkeys < 1 || nkeys > DT_MAXKEYS)
		dt_cerror(pcb, "D_ARR_KEYS", pos, "an associative array has 1 "
		    "to %d key components", DT_MAXKEYS);
	if ((idp = dt_ident_create(dtp, name, DT_IDENT_ASSOC)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	idp->di_type = ty;
	idp->di_defined = true;
	idp->di_nkeys = (unsigned int)nkeys;
	for (int i = 0; i < nkeys; i++) {
		idp->di_keys[i] = keys[i];
		idp->di_keybytes[i] = key_copy_bytes(pcb, keys[i], pos);
		idp->di_keysize += key_bytes(pcb, keys[i]);
	}
	idp->di_keyfull = idp->di_keysize;
	idp->di_valsize = value_bytes(pcb, ty);
	struct_var(pcb, idp, pos);
	assoc_thread(pcb, idp, pos);
	if (idp->di_keysize > DT_MAXKEYSIZE)
		dt_cerror(pcb, "D_ARR_KEYSIZE", pos, "key of %s is %u bytes, "
		    "more than %d", name, idp->di_keysize, DT_MAXKEYSIZE);
	if (dt_varmap_add(dtp, idp) < 0)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
}

/*
 * What memory or a struct variable lets be written (lhs checked): an
 * integer, a pointer or a float, double or long double (where: " in
 * memory" or ""; a float only by =, which the caller checks); a
 * bit-field only in a variable, and only one that lies within 8 bytes.
 */
static void
check_writable(dt_pcb_t *pcb, const dt_node_t *lhs, const char *op,
    const char *where)
{
	/* ++ and -- want a scalar before an lvalue, as DTrace checks */
	if ((strcmp(op, "++") == 0 || strcmp(op, "--") == 0) &&
	    lhs->dn_type.ty_kind != DT_TK_INT &&
	    lhs->dn_type.ty_kind != DT_TK_PTR)
		dt_cerror(pcb, "D_OP_SCALAR", lhs->dn_pos, "operator %s "
		    "requires an operand of scalar type", op);
	/* = of an array in memory (curthread->comm = "x", a char array
	   too): DTrace's D_OP_ARRFUN */
	if (strcmp(op, "=") == 0 && (lhs->dn_type.ty_kind == DT_TK_ARRAY ||
	    (lhs->dn_type.ty_kind == DT_TK_STRING &&
	    lhs->dn_type.ty_btf != 0))) {
		char b[256];

		dt_cerror(pcb, "D_OP_ARRFUN", lhs->dn_pos, "operator %s may "
		    "not be applied to operand of type \"%s\"", op,
		    tname(pcb, lhs->dn_type, b, sizeof (b)));
	}
	if (lhs->dn_type.ty_kind != DT_TK_INT &&
	    lhs->dn_type.ty_kind != DT_TK_PTR &&
	    lhs->dn_type.ty_kind != DT_TK_FLOAT)
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos, "operator %s "
		    "requires modifiable lvalue as an operand: only integers, "
		    "pointers and floats%s can be written", op, where);
	if (lhs->dn_kind == DN_MEMBER && (lhs->dn_aux >> 8 & 0xff) != 0 &&
	    (*where != '\0' || (lhs->dn_aux & 0xff) +
	    (lhs->dn_aux >> 8 & 0xff) > 64))
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos, "operator %s "
		    "requires modifiable lvalue as an operand: a bit-field "
		    "can be written only in a variable", op);
}

/*
 * Is lv a part of the value of what it is applied to, in the same
 * storage: a member by '.', an element of an array (not through a
 * pointer, nor an associative array's)?  Needs the semantic pass's types
 * for an index.
 */
static bool
in_value(const dt_node_t *lv)
{
	dt_type_t t;

	if (lv->dn_kind == DN_MEMBER)
		return (lv->dn_op != T_ARROW);
	if (lv->dn_kind != DN_INDEX || lv->dn_ident != NULL ||
	    lv->dn_builtin != NULL)
		return (false);
	t = lv->dn_left->dn_type;
	return (t.ty_kind == DT_TK_ARRAY || (t.ty_kind == DT_TK_STRING &&
	    t.ty_btf != 0));
}

/*
 * The variable whose value lvalue v.m, v[i], v.m[i].n ... is part of: a
 * variable node, or an associative array element (a[k].m); else NULL.
 */
const dt_node_t *
dt_member_root(const dt_node_t *lv)
{
	if (!in_value(lv))
		return (NULL);
	while (in_value(lv))
		lv = lv->dn_left;
	return (lv->dn_kind == DN_VAR || (lv->dn_kind == DN_INDEX &&
	    lv->dn_ident != NULL) ? lv : NULL);
}

/*
 * Resolve the variable an assignment or ++/-- writes; if it does not exist
 * yet, declare it with type ty (the first assignment gives the type).
 * Variables are globals, self->x, this->x and associative array elements.
 */
static void
sema_lvalue(dt_pcb_t *pcb, dt_node_t *lhs, const char *op, dt_type_t ty)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_ident_t *idp;
	bool liberr;

	if (lhs->dn_kind == DN_INDEX && lhs->dn_left->dn_kind == DN_VAR &&
	    dt_builtin_lookup(lhs->dn_left->dn_str) == NULL &&
	    ((idp = dt_ident_lookup(dtp, lhs->dn_left->dn_str)) == NULL ||
	    idp->di_kind == DT_IDENT_ASSOC ||
	    (idp->di_type.ty_kind != DT_TK_PTR &&
	    idp->di_type.ty_kind != DT_TK_ARRAY))) {
		/* an associative array, unless a pointer or an array */
		sema_assoc(pcb, lhs, true, ty);
		return;
	}
	if ((lhs->dn_kind == DN_UNARY && lhs->dn_op == T_STAR) ||
	    lhs->dn_kind == DN_MEMBER || lhs->dn_kind == DN_INDEX) {
		const dt_node_t *root;

		sema_expr(pcb, lhs);
		if ((root = dt_member_root(lhs)) != NULL) {
			/* v.m, v[i] ... of a struct or array variable (or
			   of an associative array element): written in it */
			idp = root->dn_ident;
			if (idp == NULL || !dt_type_isbytes(idp->di_type) ||
			    root->dn_builtin != NULL)
				dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos,
				    "operator %s can only be applied to a "
				    "writable variable", op);
			/* a struct or array member takes a whole value of
			   its type, a string member a string (checked by
			   the assignment) */
			if (!((dt_type_isbytes(lhs->dn_type) ||
			    lhs->dn_type.ty_kind == DT_TK_STRING) &&
			    strcmp(op, "=") == 0))
				check_writable(pcb, lhs, op, "");
			return;
		}
		/* memory: *p, p[i], p->m; the code generator lets only
		   scratch space the clause allocated be written */
		if (lhs->dn_builtin != NULL || lhs->dn_ident != NULL)
			dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos,
			    "operator %s can only be applied to a writable "
			    "variable", op);
		check_writable(pcb, lhs, op, " in memory");
		return;
	}
	if (lhs->dn_kind != DN_VAR)
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos,
		    "operator %s requires modifiable lvalue as an operand", op);
	if (dt_builtin_taken(dtp, lhs->dn_str) != NULL)
		dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos,
		    "operator %s can only be applied to a writable variable",
		    op);
	/* the D library's names (SIGINT) are its own, not new variables */
	idp = dt_lib_lookup(dtp, lhs->dn_str, &liberr);
	if (liberr)
		dt_lib_error(pcb, lhs->dn_pos);
	if (idp != NULL && idp->di_kind == DT_IDENT_ASSOC)
		dt_cerror(pcb, "D_IDENT_BADREF", lhs->dn_pos, "%s is an "
		    "associative array: it needs a key", lhs->dn_str);
	if (idp != NULL && idp->di_kind == DT_IDENT_TYPE)
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos, "operator %s requires "
		    "modifiable lvalue as an operand: %s is a type name", op,
		    lhs->dn_str);
	if (idp != NULL && idp->di_kind == DT_IDENT_INLINE)
		dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos, "operator %s can "
		    "only be applied to a writable variable: %s is an inline",
		    op, lhs->dn_str);
	if (idp == NULL) {
		if (ty.ty_kind == DT_TK_VOID)
			dt_cerror(pcb, "D_OP_VOID", lhs->dn_pos,
			    "operator %s cannot be applied to a void value", op);
		idp = declare_scalar(pcb, lhs->dn_str, ty, lhs->dn_pos);
		idp->di_wide = ty.ty_kind == DT_TK_INT;
	}
	lhs->dn_ident = idp;
	lhs->dn_type = idp->di_type;
}

/*
 * Check a string subroutine's arguments against its prototype: 's' a
 * string, 'i' an integer, '[' what follows is optional.
 */
/*
 * Action dnp used as a value: refused with the tag DTrace gives its use
 * (pcb_actuse), the dynamic ones (stack(), sym() and their kin, whose
 * values only an aggregation or associative array key can hold) apart.
 */
static void
action_used(dt_pcb_t *pcb, const dt_node_t *dnp, int use, bool dynact)
{
	const char *f = dnp->dn_str;

	switch (use) {
	case DT_ACTUSE_TRACE:
		if (dynact)
			dt_cerror(pcb, "D_TRACE_DYN", dnp->dn_pos, "trace( ) may "
			    "not be applied to a dynamic expression: %s( )",
			    f);
		dt_cerror(pcb, "D_TRACE_VOID", dnp->dn_pos, "trace( ) may not "
		    "be applied to a void expression: %s( ) is an action", f);
	case DT_ACTUSE_PRINT:
		if (dynact)
			dt_cerror(pcb, "D_PRINT_DYN", dnp->dn_pos, "print( ) may "
			    "not be applied to a dynamic expression: %s( )",
			    f);
		dt_cerror(pcb, "D_PRINT_VOID", dnp->dn_pos, "print( ) may not "
		    "be applied to a void expression: %s( ) is an action", f);
	case DT_ACTUSE_OPERAND:
		if (dynact)
			dt_cerror(pcb, "D_OP_DYN", dnp->dn_pos, "operands cannot "
			    "be of dynamic type: %s( )", f);
		dt_cerror(pcb, "D_OP_ACT", dnp->dn_pos, "operands cannot be "
		    "actions: %s( )", f);
	case DT_ACTUSE_DEFER:
		return;		/* the ?: checks once both are checked */
	case DT_ACTUSE_ARITH:
		dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos, "operator requires an "
		    "operand of arithmetic type: %s( ) is an action", f);
	case DT_ACTUSE_VFPTR:
		dt_cerror(pcb, "D_OP_VFPTR", dnp->dn_pos, "operator requires "
		    "left-hand scalar operand of known size: %s( ) is an "
		    "action, of no value to add", f);
	case DT_ACTUSE_INCOMPAT:
		dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos, "operands have "
		    "incompatible types: %s( ) is an action", f);
	case DT_ACTUSE_INT:
		dt_cerror(pcb, "D_OP_INT", dnp->dn_pos, "operator requires an "
		    "operand of integral type: %s( ) is an action", f);
	case DT_ACTUSE_SCALAR:
		dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos, "operator requires "
		    "an operand of scalar type: %s( ) is an action", f);
	case DT_ACTUSE_PRINTF:
		dt_cerror(pcb, "D_PRINTF_ARG_TYPE", dnp->dn_pos, "a format's "
		    "value cannot be void: %s( ) is an action", f);
	case DT_ACTUSE_STRINGOF:
		/* stringof is an operator, with no prototype */
		dt_cerror(pcb, "D_STRINGOF_TYPE", dnp->dn_pos, "cannot apply "
		    "stringof to %s: %s( )", dynact ? "a dynamic expression" :
		    "a void value, an action's", f);
	case DT_ACTUSE_PRED:
		dt_cerror(pcb, "D_PRED_SCALAR", dnp->dn_pos, "predicate result "
		    "must be of scalar type: %s( ) is an action", f);
	case DT_ACTUSE_DEREF:
		dt_cerror(pcb, "D_DEREF_NONPTR", dnp->dn_pos, "operator * "
		    "requires an operand of pointer type: %s( ) is an action",
		    f);
	case DT_ACTUSE_ADDROF:
		dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "operator & "
		    "requires an lvalue as its operand: %s( ) is an action", f);
	case DT_ACTUSE_SIZEOF:
		dt_cerror(pcb, "D_SIZEOF_TYPE", dnp->dn_pos, "cannot apply "
		    "sizeof to an expression of type void: %s( ) is an action",
		    f);
	case DT_ACTUSE_ARROW:
		dt_cerror(pcb, "D_OP_PTR", dnp->dn_pos, "operator -> must be "
		    "applied to a pointer: %s( ) is an action", f);
	case DT_ACTUSE_DOT:
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator . must be "
		    "applied to a struct or union: %s( ) is an action", f);
	case DT_ACTUSE_CAST:
		dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos, "invalid cast "
		    "expression: %s( ) is an action, of no value", f);
	case DT_ACTUSE_KEY:
		/* an associative array's: DTrace takes neither a void nor a
		   dynamic key there (an aggregation's may be a stack) */
		if (!dynact)
			dt_cerror(pcb, "D_KEY_TYPE", dnp->dn_pos, "a key "
			    "cannot be void: %s( ) is an action", f);
		dt_cerror(pcb, "D_KEY_TYPE", dnp->dn_pos, "%s( ), of dynamic "
		    "type, may not be used as an associative array key", f);
	default:
		dt_cerror(pcb, "D_ACT_EXPR", dnp->dn_pos, "%s( ) is an action "
		    "and may only be used as a statement", f);
	}
}

/*
 * A call of function f with nargs arguments, which takes lo to hi: when
 * the count is wrong, DTrace's D_PROTO_LEN, saying "at least lo" or "at
 * most hi" when the function takes a range.
 */
static void
proto_len(dt_pcb_t *pcb, dt_srcpos_t pos, const char *f, int nargs, int lo,
    int hi)
{
	if (nargs >= lo && nargs <= hi)
		return;
	dt_cerror(pcb, "D_PROTO_LEN", pos, "%s( ) prototype mismatch: %d "
	    "arg%s passed, %s%d expected", f, nargs, nargs == 1 ? "" : "s",
	    lo == hi ? "" : nargs < lo ? "at least " : "at most ",
	    nargs < lo ? lo : hi);
}

/* A call to a function taking lo to hi arguments. */
static void
check_nargs(dt_pcb_t *pcb, const dt_node_t *dnp, int nargs, int lo, int hi)
{
	proto_len(pcb, dnp->dn_pos, dnp->dn_str, nargs, lo, hi);
}

/*
 * The generic check of a call: the count and types of its arguments from
 * its row's prototype (dt_fn.h: s a string, i an integer, x an integer or
 * a pointer, "[" before the optional ones).
 */
static void
check_proto(dt_pcb_t *pcb, dt_node_t *dnp, const char *proto, int nargs)
{
	const char *p;
	const dt_node_t *a = dnp->dn_args;
	int min = 0, max = 0, n = 0;

	for (p = proto; *p != '\0'; p++) {
		if (*p == '[')
			min = max;
		else
			max++;
	}
	if (strchr(proto, '[') == NULL)
		min = max;
	proto_len(pcb, dnp->dn_pos, dnp->dn_str, nargs, min, max);
	for (p = proto; a != NULL; a = a->dn_list, p++) {
		bool ok;

		if (*p == '[')
			p++;
		n++;
		ok = *p == 's' ? is_strarg(a) : *p == 'x' ? is_scalar(a) :
		    *p == 'p' ? is_addrarg(a) : is_int(a);
		if (!ok)
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) argument "
			    "#%d is incompatible with prototype: argument must "
			    "be %s", dnp->dn_str, n, *p == 's' ? "a string" :
			    *p == 'x' ? "an integer or pointer" :
			    *p == 'p' ? "an address, a string or an array" :
			    "an integer");
	}
}

/*
 * The checks of the rows of dt_fn.c (fn_sema): what a prototype cannot
 * say.  Each runs after the arguments are checked, and after the
 * prototype when the row has one.
 */

void
dt_sema_trace(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (dnp->dn_args->dn_type.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_TRACE_VOID", dnp->dn_pos,
		    "trace( ) may not be applied to a void expression");
}

/*
 * What print() of pointer t shows: the type it points to, its BTF id in
 * *tep's types.  A pointer to D's own integers, or to another pointer,
 * has its pointee made in the D types.  0 for void, and for a pointer
 * to a pointer of a module's types (whose pointer type the D types
 * cannot hold): print() then shows the address.
 */
static uint32_t
print_pointee(dt_pcb_t *pcb, dt_type_t t, dt_srcpos_t pos,
    dt_tentry_t **tep)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_type_t pt = t;
	int64_t id;

	if (t.ty_plevel == 0 && t.ty_btf != 0) {
		*tep = dt_pcb_types(pcb, pos);
		return (t.ty_btf);
	}
	if (t.ty_plevel == 0 && t.ty_psize == 0)
		return (0);			/* void * */
	/* the D types first: a clause on the kernel's moves onto them */
	if (dt_dtypes(dtp) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	*tep = dt_pcb_types(pcb, pos);
	if (*tep != dtp->dt_dtypes) {
		if (t.ty_btf != 0)
			return (0);
		*tep = dtp->dt_dtypes;	/* D's integers are everyone's */
	}
	if (t.ty_plevel == 0) {
		pt = (dt_type_t){ DT_TK_INT, t.ty_psize, t.ty_psigned };
	} else {
		pt.ty_plevel--;
	}
	if ((id = dt_dtype_btf(dtp, pt)) <= 0)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	return ((uint32_t)id);
}

/*
 * print(e): DTrace for Linux's print() takes a pointer (its prototype is
 * void print(void *)) and shows what it points to, which must have a
 * size; a struct, union or array value is taken too (the bytes shown as
 * through a pointer to it, without its address; a char array as its
 * string).  Anything else is the argument DTrace refuses.
 */
void
dt_sema_print(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a;
	dt_type_t t;
	char name[256];

	check_nargs(pcb, dnp, nargs, 1, 1);
	a = dnp->dn_args;
	t = a->dn_type;
	if (t.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_PRINT_VOID", dnp->dn_pos,
		    "print( ) may not be applied to a void expression");
	if (t.ty_kind == DT_TK_PTR) {
		dt_tentry_t *te = NULL;
		uint32_t id = print_pointee(pcb, t, a->dn_pos, &te);

		if (id == 0 && t.ty_plevel == 0)
			dt_cerror(pcb, "D_PRINT_SIZE", a->dn_pos,
			    "print( ) argument #1 reference has type 'void' "
			    "with size 0; cannot print( ) it.");
		/* a function, an incomplete struct: nothing to show */
		if (id != 0 && dt_btf_size(te->te_btf, id) <= 0)
			dt_cerror(pcb, "D_PRINT_SIZE", a->dn_pos,
			    "print( ) argument #1 reference has type '%s' "
			    "with size 0; cannot print( ) it.", dt_btf_name(
			    te->te_btf, id, name, sizeof (name)));
		return;
	}
	/* a char array is a string with its array type */
	if ((t.ty_kind == DT_TK_STRUCT || t.ty_kind == DT_TK_ARRAY ||
	    t.ty_kind == DT_TK_STRING) && t.ty_btf != 0)
		return;
	dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "print( ) argument #1 is "
	    "incompatible with prototype: prototype: void *, argument: %s",
	    tname(pcb, t, name, sizeof (name)));
}

void
dt_sema_tracemem(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a = dnp->dn_args;

	/* its prototype (address, size_t [, integer]), as DTrace's */
	check_nargs(pcb, dnp, nargs, 2, 3);
	/* an address: of a string's bytes, a struct, an array too */
	if (a->dn_type.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_TRACEMEM_ADDR", a->dn_pos,
		    "tracemem( ) argument #1 is incompatible with "
		    "prototype: argument must be an address");
	a = a->dn_list;
	if (!is_int(a))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
		    "tracemem( ) argument #2 is incompatible with prototype: "
		    "argument must be an integer (size_t)");
	if (a->dn_kind != DN_INT || a->dn_value <= 0 ||
	    a->dn_value > DT_DCTX_RECMAX)
		dt_cerror(pcb, "D_TRACEMEM_SIZE", a->dn_pos,
		    "tracemem( ) argument #2 must be a non-zero "
		    "positive integral constant expression (at most "
		    "%d)", DT_DCTX_RECMAX);
	/* the bytes shown, worked out as it fires */
	if ((a = a->dn_list) != NULL && !is_int(a))
		dt_cerror(pcb, "D_TRACEMEM_DYNSIZE", a->dn_pos,
		    "tracemem( ) argument #3 must be an integer "
		    "expression");
}

/*
 * setopt(name [, value]): the name is a string constant; the value any
 * string, a constant or one made when the probe fires (recorded then).
 */
void
dt_sema_setopt(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	dt_node_t *val;

	check_nargs(pcb, dnp, nargs, 1, 2);
	if (dnp->dn_args->dn_kind != DN_STRING)
		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_args->dn_pos,
		    "setopt( ) argument #1 is incompatible with prototype: "
		    "argument must be a string constant");
	if ((val = dnp->dn_args->dn_list) != NULL && !is_string(val))
		dt_cerror(pcb, "D_PROTO_ARG", val->dn_pos,
		    "setopt( ) argument #2 is incompatible with prototype: "
		    "argument must be a string");
}

/* speculate(id), commit(id), discard(id) */
void
dt_sema_specid(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (!is_int(dnp->dn_args))
		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_pos,
		    "%s( ) argument #1 is incompatible with "
		    "prototype: argument must be an integer",
		    dnp->dn_str);
}

void
dt_sema_exit(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (!is_int(dnp->dn_args))
		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_pos,
		    "exit( ) argument #1 is incompatible with "
		    "prototype: argument must be an integer");
}

/*
 * The subroutines on Linux's locks.  mutex_owned(), mutex_owner(),
 * mutex_type_adaptive() and mutex_type_spin() take a struct mutex *, the
 * rw_*() ones a rwlock_t *; the code generator reads one word of the
 * lock at offset dn_value: struct mutex's owner (the owning task, flags
 * in its low 3 bits) or the count of rwlock_t's qrwlock (readers << 9,
 * 0x100 a writer waiting, 0xff a writer holding it).  mutex_owner() is a
 * struct task_struct *.
 */
void
dt_sema_lockfn(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;
	bool rw = id == DT_FN_RW_READ_HELD || id == DT_FN_RW_WRITE_HELD ||
	    id == DT_FN_RW_ISWRITER;
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	const struct btf *btf = te->te_btf;
	const dt_node_t *a;
	uint32_t want, lock, type, off, coff, bit, bitsize;
	char buf[256];

	check_nargs(pcb, dnp, nargs, 1, 1);
	a = dnp->dn_args;
	want = rw ? dt_tcache_name(te, "rwlock_t") :
	    dt_tcache_tag(te, BTF_KIND_STRUCT, "mutex");
	if (want == 0)
		dt_cerror(pcb, "D_TYPE_ERR", dnp->dn_pos, "kernel type data "
		    "lacks %s", rw ? "rwlock_t" : "struct mutex");
	lock = dt_btf_resolve(btf, want);
	if (a->dn_type.ty_kind != DT_TK_PTR || a->dn_type.ty_plevel != 0 ||
	    a->dn_type.ty_btf == 0 ||
	    dt_btf_resolve(btf, a->dn_type.ty_btf) != lock)
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) argument #1 "
		    "is incompatible with prototype: prototype: %s *, "
		    "argument: %s", dnp->dn_str, rw ? "rwlock_t" :
		    "struct mutex", tname(pcb, a->dn_type, buf, sizeof (buf)));
	if (!rw) {
		dnp->dn_value = kernel_offset(pcb, dnp->dn_pos, "mutex",
		    "owner");
	} else if (dt_btf_member(btf, lock, "raw_lock", &type, &off, &bit,
	    &bitsize) != 0 || dt_btf_member(btf, dt_btf_resolve(btf, type),
	    "cnts", &type, &coff, &bit, &bitsize) != 0) {
		dt_cerror(pcb, "D_TYPE_MEMBER", dnp->dn_pos, "kernel type "
		    "data lacks rwlock_t's raw_lock.cnts (a queued rwlock)");
	} else {
		dnp->dn_value = off + coff;
	}
	if (id == DT_FN_MUTEX_OWNER) {
		dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
		dnp->dn_type.ty_btf = dt_tcache_tag(te, BTF_KIND_STRUCT,
		    "task_struct");
	}
}

void
dt_sema_progenyof(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	(void) nargs;
	dnp->dn_value = kernel_offset(pcb, dnp->dn_pos, "task_struct",
	    "real_parent");
	dnp->dn_aux = kernel_offset(pcb, dnp->dn_pos, "task_struct", "tgid");
}

void
dt_sema_d_path(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	dt_node_t *a = dnp->dn_args;
	char buf[256];

	uint32_t sid = 0;

	check_nargs(pcb, dnp, nargs, 1, 1);
	if (a->dn_type.ty_kind == DT_TK_PTR && a->dn_type.ty_btf != 0 &&
	    a->dn_type.ty_plevel == 0)
		sid = dt_btf_resolve(te->te_btf, a->dn_type.ty_btf);
	/* a struct vfsmount *: the path of its mount point */
	dnp->dn_aux = sid != 0 && sid == dt_tcache_tag(te,
	    BTF_KIND_STRUCT, "vfsmount");
	if (!dnp->dn_aux && (sid == 0 || sid != dt_tcache_tag(te,
	    BTF_KIND_STRUCT, "path")))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "d_path( ) "
		    "argument #1 is incompatible with prototype: "
		    "argument must be a struct path * (not \"%s\")",
		    tname(pcb, a->dn_type, buf, sizeof (buf)));
	path_offsets(pcb, dnp->dn_pos);
}

/* inet_ntoa( ), inet_ntoa6( ), inet_ntop( ), link_ntop( ) */
void
dt_sema_inet(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;
	int want = id == DT_FN_INET_NTOP || id == DT_FN_LINK_NTOP ? 2 : 1;
	dt_node_t *a = dnp->dn_args;
	dt_type_t vt;
	int64_t v;

	/*
	 * inet_ntoa6(addr, strict), as DTrace for Linux has it: a constant
	 * other than 0 writes an embedded IPv4 address as inet_ntop() does
	 * (::ffff:a.b.c.d, ::a.b.c.d), 0 as inet_ntoa6(addr) (a.b.c.d); the
	 * code generator reads it in dn_aux.
	 */
	check_nargs(pcb, dnp, nargs, want, id == DT_FN_INET_NTOA6 ? 2 : want);
	if (nargs == 2 && id == DT_FN_INET_NTOA6) {
		if (!fold_int(pcb, a->dn_list, &v, &vt) ||
		    vt.ty_kind != DT_TK_INT)
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_list->dn_pos,
			    "inet_ntoa6( ) argument #2 is incompatible with "
			    "prototype: argument must be an integer constant");
		dnp->dn_aux = v != 0;
	}
	if (want == 2) {
		if (!is_int(a))
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) "
			    "argument #1 is incompatible with "
			    "prototype: argument must be an integer",
			    dnp->dn_str);
		a = a->dn_list;
	}
	/* NULL, the constant 0, is a pointer too: it faults at run time;
	   an array's value is its address, as in C (a char array taken as
	   a string by the call is its array again here) */
	if (a->dn_kind == DN_CAST && a->dn_type.ty_kind == DT_TK_STRING &&
	    a->dn_left->dn_type.ty_kind == DT_TK_ARRAY)
		replace_node(a, a->dn_left);
	if (a->dn_type.ty_kind != DT_TK_PTR &&
	    a->dn_type.ty_kind != DT_TK_ARRAY &&
	    !(a->dn_kind == DN_INT && a->dn_value == 0))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) argument "
		    "#%d is incompatible with prototype: argument must "
		    "be a pointer", dnp->dn_str, want);
}

void
dt_sema_strtok(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a = dnp->dn_args;

	/*
	 * The string may be NULL (or any pointer, a char * to read): NULL
	 * goes on with the string of the last call.
	 */
	check_nargs(pcb, dnp, nargs, 2, 2);
	if (!is_string(a) && a->dn_type.ty_kind != DT_TK_PTR &&
	    !(a->dn_kind == DN_INT && a->dn_value == 0))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "strtok( ) "
		    "argument #1 is incompatible with prototype: "
		    "argument must be a string or NULL");
	if (!is_strarg(a->dn_list))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_list->dn_pos,
		    "strtok( ) argument #2 is incompatible with "
		    "prototype: argument must be a string");
}

void
dt_sema_stringof(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	char buf[256];

	/* an integer is an address, as a pointer is (DTrace: any scalar) */
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (!is_string(dnp->dn_args) && !is_scalar(dnp->dn_args))
		dt_cerror(pcb, "D_STRINGOF_TYPE", dnp->dn_pos,
		    "cannot apply stringof to a value of type %s",
		    tname(pcb, dnp->dn_args->dn_type, buf, sizeof (buf)));
}

/*
 * The size argument of alloca( ), copyin( ) and copyinstr( ) (the last
 * one), if a constant, is at most scratchsize (rounded up to 8, as the
 * scratch area is): DTrace says D_ALLOCA_SIZE at compile time.  The
 * constant is a size_t: -1 is too large.
 */
static void
check_allocsize(dt_pcb_t *pcb, dt_node_t *dnp, const dt_node_t *sz)
{
	uint32_t max = (pcb->pcb_hdl->dt_opts.op_scratchsize + 7) & ~7U;

	if (sz->dn_kind == DN_INT && (uint64_t)sz->dn_value > max)
		dt_cerror(pcb, "D_ALLOCA_SIZE", sz->dn_pos, "%s(%llu) size "
		    "larger than scratchsize %u", dnp->dn_str,
		    (unsigned long long)sz->dn_value, max);
}

void
dt_sema_alloca(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a = dnp->dn_args;

	while (a->dn_list != NULL)
		a = a->dn_list;
	if (nargs > 0)
		check_allocsize(pcb, dnp, a);
}

void
dt_sema_copyinstr(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 2);
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list) {
		if (!is_scalar(a))
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
			    "copyinstr( ) argument is incompatible "
			    "with prototype: argument must be an "
			    "integer or pointer");
	}
	if (nargs == 2)
		check_allocsize(pcb, dnp, dnp->dn_args->dn_list);
}

/*
 * The prototypes of stack([uint32_t]) and ustack([uint32_t], [uint32_t]),
 * jstack's as ustack's: at most max arguments, each of an integer type
 * (D_PROTO_LEN, D_PROTO_ARG, as DTrace checks them); that each is also a
 * constant is the caller's own check.
 */
static void
stack_proto(dt_pcb_t *pcb, const dt_node_t *dnp, int nargs, int max)
{
	int n = 0;

	check_nargs(pcb, dnp, nargs, 0, max);
	for (const dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list) {
		n++;
		if (!is_int(a))
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) "
			    "argument #%d is incompatible with prototype: "
			    "argument must be an integer", dnp->dn_str, n);
	}
}

/*
 * Frames asked for beyond the option maxframes are silently not taken,
 * as in DTrace; nor beyond the kernel's perf_event_max_stack.
 */
static int64_t
stack_frames(const dt_pcb_t *pcb, int64_t n)
{
	int64_t max = pcb->pcb_hdl->dt_opts.op_maxframes;

	if (max > DT_STACK_MAXFRAMES)
		max = DT_STACK_MAXFRAMES;
	return (n > max ? max : n);
}

void
dt_sema_stack(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	/* stack(N): N frames, a constant; else stackframes */
	int64_t n = pcb->pcb_hdl->dt_opts.op_stackframes;

	if (pcb->pcb_clause != NULL)
		pcb->pcb_clause->dc_kstack = true;

	stack_proto(pcb, dnp, nargs, 1);
	if (nargs == 1) {
		if (dnp->dn_args->dn_kind != DN_INT ||
		    dnp->dn_args->dn_value <= 0)
			dt_cerror(pcb, "D_STACK_SIZE",
			    dnp->dn_args->dn_pos, "stack( ) argument #1 "
			    "must be a non-zero positive integer constant");
		n = dnp->dn_args->dn_value;
	}
	n = stack_frames(pcb, n);
	dnp->dn_type = (dt_type_t){ .ty_kind = DT_TK_STACK,
	    .ty_size = (uint8_t)n };
}

void
dt_sema_ustack(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	/*
	 * ustack(N, strsize): N frames, a constant; else ustackframes (in
	 * an aggregation key at most what fits in one).  strsize, for
	 * stack helpers that translate frames in the kernel, must be a
	 * constant; there are no such helpers here, so it is not used.
	 * jstack() is ustack() whose default is jstackframes: the frames
	 * of virtual machines' interpreted code would need those helpers,
	 * so they show as the machine's own functions.
	 */
	const char *name = dnp->dn_str;
	int64_t n = strcmp(name, "jstack") == 0 ?
	    pcb->pcb_hdl->dt_opts.op_jstackframes :
	    pcb->pcb_hdl->dt_opts.op_ustackframes;

	pcb->pcb_hdl->dt_usyms = true;	/* dt_usym_snapshot() */
	stack_proto(pcb, dnp, nargs, 2);
	if (nargs == 0 && pcb->pcb_aggkey &&
	    n > (DT_MAXKEYSIZE - 8) / 8)
		n = (DT_MAXKEYSIZE - 8) / 8;
	if (nargs >= 1) {
		if (dnp->dn_args->dn_kind != DN_INT ||
		    dnp->dn_args->dn_value <= 0)
			dt_cerror(pcb, "D_USTACK_FRAMES",
			    dnp->dn_args->dn_pos, "%s( ) argument "
			    "#1 must be a non-zero positive integer "
			    "constant", name);
		n = dnp->dn_args->dn_value;
	}
	n = stack_frames(pcb, n);
	if (nargs == 2 && (dnp->dn_args->dn_list->dn_kind != DN_INT ||
	    dnp->dn_args->dn_list->dn_value < 0))
		dt_cerror(pcb, "D_USTACK_STRSIZE",
		    dnp->dn_args->dn_list->dn_pos, "%s( ) argument "
		    "#2 must be a positive integer constant", name);
	dnp->dn_type = (dt_type_t){ .ty_kind = DT_TK_USTACK,
	    .ty_size = (uint8_t)n };
}

/* usym(addr) & co: the pid and the address, named when printed */
void
dt_sema_usym(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;

	(void) nargs;
	pcb->pcb_hdl->dt_usyms = true;
	dnp->dn_type = (dt_type_t){ .ty_kind = id == DT_FN_USYM ? DT_TK_USYM :
	    id == DT_FN_UMOD ? DT_TK_UMOD : DT_TK_UADDR, .ty_size = 16 };
}

/* sym(addr), func(addr), mod(addr): recorded, named when printed */
void
dt_sema_sym(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	(void) pcb;
	(void) nargs;
	dnp->dn_type = (dt_type_t){ .ty_kind = dnp->dn_builtin->di_id ==
	    DT_FN_SYM ? DT_TK_SYM : DT_TK_MOD, .ty_size = 8 };
}

void
dt_sema_raise(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (!is_int(dnp->dn_args))
		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_args->dn_pos,
		    "raise( ) argument #1 is incompatible with "
		    "prototype: argument must be an integer");
}

/* The functions refused on purpose (DT_FF_REFUSED): why. */
void
dt_sema_refused(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;

	(void) nargs;
	/* each is destructive: after speculate( ), DTrace's own error
	   comes first */
	if (pcb->pcb_clause != NULL && pcb->pcb_clause->dc_spec)
		dt_cerror(pcb, "D_ACT_SPEC", dnp->dn_pos, "destructive "
		    "actions may not follow speculate( )");
	if (id == DT_FN_CHILL)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "chill( ) is not "
		    "supported: a BPF program cannot sleep, and dtrace does "
		    "not make one spin");
	if (id == DT_FN_COPYOUT || id == DT_FN_COPYOUTSTR)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "%s( ) is not "
		    "supported: D programs do not write user memory "
		    "(bpf_probe_write_user is refused under kernel lockdown, "
		    "and dtrace does not use it)", dnp->dn_str);
	dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "%s( ) is not "
	    "supported: a BPF program cannot %s", dnp->dn_str,
	    id == DT_FN_PANIC ? "panic the kernel" :
	    "stop the kernel in a debugger");
}

/* printf( ), system( ), freopen( ) */
void
dt_sema_printf(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	dt_node_t *fmt = dnp->dn_args;
	int err = 0;

	(void) nargs;
	if (fmt == NULL)
		dt_cerror(pcb, "D_PROTO_LEN", dnp->dn_pos,
		    "%s( ) prototype mismatch: 0 args passed, "
		    "at least 1 expected", dnp->dn_str);
	if (fmt->dn_kind != DN_STRING) {
		char buf[256];

		/* a string that is no constant, or no string at all */
		sema_expr(pcb, fmt);
		if (fmt->dn_type.ty_kind != DT_TK_STRING)
			dt_cerror(pcb, "D_PROTO_ARG", fmt->dn_pos,
			    "%s( ) argument #1 is incompatible with "
			    "prototype:\n\tprototype: string\n\t argument: %s",
			    dnp->dn_str, tname(pcb, fmt->dn_type, buf,
			    sizeof (buf)));
		dt_cerror(pcb, "D_PRINTF_ARG_FMT", fmt->dn_pos,
		    "%s( ) argument #1 is incompatible with "
		    "prototype: argument must be a string constant",
		    dnp->dn_str);
	}
	if (fmt->dn_str[0] == '\0' && strcmp(dnp->dn_str, "printf") == 0)
		dt_cerror(pcb, "D_PRINTF_FMT_EMPTY", fmt->dn_pos,
		    "%s( ) format string is empty", dnp->dn_str);
	/*
	 * "." is refused when compiled, as DTrace refuses it ("" is stdout
	 * again); another directory ("..", "%s" of ".") fails when it is
	 * opened, and output stays where it was.
	 */
	if (dnp->dn_builtin->di_id == DT_FN_FREOPEN &&
	    strcmp(fmt->dn_str, ".") == 0)
		dt_cerror(pcb, "D_FREOPEN_INVALID", fmt->dn_pos,
		    "freopen( ) argument #1 cannot be \".\"");
	dnp->dn_pfmt = dt_printf_parse(pcb->pcb_hdl, fmt->dn_str,
	    fmt->dn_list, &err);
	if (dnp->dn_pfmt == NULL)
		dt_cerror(pcb, pcb->pcb_hdl->dt_errtag, fmt->dn_pos,
		    "%s", pcb->pcb_hdl->dt_errmsg);
}

/*
 * An action whose arguments DTrace's prototype types (exit(int),
 * raise(int), setopt(string, string), stack(int), ustack(int, int)): an
 * action's void there is D_PROTO_ARG, as for a subroutine.  trace( ),
 * printf( ) and kin take any value and tell a void one by their own tags.
 */
static bool
typed_action(int id)
{
	return (id == DT_FN_EXIT || id == DT_FN_RAISE || id == DT_FN_SETOPT ||
	    id == DT_FN_STACK || id == DT_FN_USTACK);
}

/*
 * A call: what its row (dt_fn.c) says, checked generically (where the
 * call may appear, its arguments, the flags' effect on the clause), then
 * the row's own check.
 */
static void
sema_call(dt_pcb_t *pcb, dt_node_t *dnp, bool stmt)
{
	const dt_ident_t *idp = dt_builtin_lookup(dnp->dn_str);
	const dt_fn_t *fn;
	int nargs = 0, use = pcb->pcb_actuse, id;
	bool dynact;

	pcb->pcb_actuse = DT_ACTUSE_EXPR;	/* for its arguments */

	if (idp == NULL || idp->di_kind != DT_IDENT_FUNC) {
		if (idp != NULL || dt_ident_lookup(pcb->pcb_hdl,
		    dnp->dn_str) != NULL)
			dt_cerror(pcb, "D_FUNC_IDKIND", dnp->dn_pos,
			    "%s is not a function: it may not be referenced "
			    "as a function", dnp->dn_str);
		dt_cerror(pcb, "D_FUNC_UNDEF", dnp->dn_pos,
		    "undefined function name: %s", dnp->dn_str);
	}
	fn = dt_fn_of(idp);
	id = idp->di_id;
	if (fn->fn_kind == DT_FK_AGG)
		dt_cerror(pcb, "D_CG_EXPR", dnp->dn_pos, "aggregating "
		    "function %s( ) may not be called from a D expression: "
		    "it may only be assigned to an aggregation", dnp->dn_str);
	dnp->dn_builtin = idp;
	dnp->dn_type = idp->di_type;
	dynact = (fn->fn_flags & DT_FF_DYNACT) != 0;
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list) {
		nargs++;
		if (id == DT_FN_TRACE && a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_TRACE;
		else if (id == DT_FN_PRINT && a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_PRINT;
		else if (id == DT_FN_STRINGOF && a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_STRINGOF;
		else if (fn->fn_sema == dt_sema_printf && nargs > 1 &&
		    a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_PRINTF;
		/* an aggregation is dynamic: DTrace's tag and words */
		if (a->dn_kind == DN_AGG && id == DT_FN_TRACE)
			dt_cerror(pcb, "D_TRACE_DYN", a->dn_pos, "trace( ) may "
			    "not be applied to a dynamic expression");
		if (a->dn_kind == DN_AGG && fn->fn_sema == dt_sema_printf &&
		    nargs > 1)
			dt_cerror(pcb, "D_PRINTF_ARG_TYPE", a->dn_pos, "%s( ) "
			    "argument #%d is incompatible with its "
			    "conversion: aggregation %s has no value to "
			    "format; use printa( )", dnp->dn_str, nargs,
			    a->dn_str);
		/*
		 * An action (void) as the argument of a subroutine or of an
		 * action with a prototype: DTrace checks the prototype first
		 * (mutex_owned(trace(1)) is D_PROTO_ARG).
		 */
		if (a->dn_kind == DN_CALL && (fn->fn_proto != NULL ||
		    fn->fn_kind == DT_FK_SUBR || typed_action(id)) &&
		    id != DT_FN_STRINGOF) {
			const dt_ident_t *aid = dt_builtin_lookup(a->dn_str);

			if (aid != NULL && aid->di_kind == DT_IDENT_FUNC &&
			    dt_fn_of(aid)->fn_kind == DT_FK_ACT &&
			    !(dt_fn_of(aid)->fn_flags & DT_FF_DYNACT) &&
			    aid->di_type.ty_kind == DT_TK_VOID)
				dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
				    "%s( ) argument #%d is incompatible with "
				    "prototype: %s( ) is an action, of no "
				    "value", dnp->dn_str, nargs, a->dn_str);
		}
		if (a->dn_kind == DN_AGG && id == DT_FN_PRINT)
			dt_cerror(pcb, "D_PRINT_AGG", a->dn_pos, "print( ) may "
			    "not be applied to an aggregation; use printa( )");
		/* a format is parsed with its arguments, by fn_sema */
		if (!(nargs == 1 && fn->fn_sema == dt_sema_printf))
			sema_expr(pcb, a);
		if (id != DT_FN_TRACE && id != DT_FN_PRINT &&
		    id != DT_FN_TRACEMEM)
			char_array_string(pcb, a);
		pcb->pcb_actuse = DT_ACTUSE_EXPR;
	}
	/* the prototype first, as DTrace checks it when it reads the call */
	if (fn->fn_proto != NULL)
		check_proto(pcb, dnp, fn->fn_proto, nargs);
	if (idp->di_type.ty_kind == DT_TK_VOID && !stmt &&
	    !(dynact && pcb->pcb_aggkey))
		action_used(pcb, dnp, use, dynact);
	if ((fn->fn_flags & DT_FF_DESTRUCTIVE) && pcb->pcb_clause != NULL)
		pcb->pcb_clause->dc_destructive = true;
	if (fn->fn_flags & DT_FF_SPEC) {
		if (pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_usespec = true;
		pcb->pcb_hdl->dt_specused = true;
	}
	if (fn->fn_sema != NULL)
		fn->fn_sema(pcb, dnp, nargs);
}

/*
 * The D type of kernel type id for node dnp; a char array also records its
 * length (dn_strlen), which the code generator reads.
 */
static void
kernel_dtype(dt_pcb_t *pcb, dt_node_t *dnp, uint32_t id)
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
static void
pointee(dt_pcb_t *pcb, dt_node_t *dnp, dt_type_t pt)
{
	kernel_dtype(pcb, dnp, pt.ty_btf);
	if (dnp->dn_type.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_DEREF_VOID", dnp->dn_pos,
		    "cannot dereference a pointer to void");
}

static void sema_expr(dt_pcb_t *, dt_node_t *);
static void sema_args(dt_pcb_t *, dt_node_t *, bool);

/*
 * dnp (a DN_VAR) becomes c, a copy made for it, keeping its place in its
 * list and in the compilation's allocations; its name is freed, c's
 * strings are dnp's now.
 */
static void
replace_node(dt_node_t *dnp, dt_node_t *c)
{
	dt_node_t *list = dnp->dn_list, *all = dnp->dn_all;

	free(dnp->dn_str);
	*dnp = *c;
	dnp->dn_list = list;
	dnp->dn_all = all;
	c->dn_str = NULL;
}

/* Replace the translator's input name in dnp's tree with a copy of in. */
static void
xlate_subst(dt_pcb_t *pcb, dt_node_t *dnp, const char *arg,
    const dt_node_t *in)
{
	if (dnp == NULL)
		return;
	if (dnp->dn_kind == DN_VAR && strcmp(dnp->dn_str, arg) == 0) {
		replace_node(dnp, dt_node_dup(pcb, in, dnp->dn_pos));
		return;
	}
	xlate_subst(pcb, dnp->dn_left, arg, in);
	xlate_subst(pcb, dnp->dn_right, arg, in);
	xlate_subst(pcb, dnp->dn_cond, arg, in);
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list)
		xlate_subst(pcb, a, arg, in);
}

/*
 * f[x, y] of an inline of array form (inline T f[T1 a, T2 b] = e): e
 * with a and b replaced by x and y, each converted to its parameter's
 * type, the whole converted to T.  The parameters are renamed first to
 * names no program can write, so that an argument that names another
 * parameter (f[b, 1]) is not replaced in turn.
 */
static void
inline_call(dt_pcb_t *pcb, dt_node_t *dnp, const dt_ident_t *idp)
{
	dt_node_t *args[DT_MAXKEYS + 1], *k = dnp->dn_right, *e;
	unsigned int n = 0;

	while (k->dn_kind == DN_COMMA && n < DT_MAXKEYS) {
		args[n++] = k->dn_right;	/* last first */
		k = k->dn_left;
	}
	args[n++] = k;
	if (n != idp->di_nkeys)
		dt_cerror(pcb, "D_ARR_KEYS", dnp->dn_pos, "%s takes %u "
		    "argument%s, not %u", idp->di_name, idp->di_nkeys,
		    idp->di_nkeys == 1 ? "" : "s", n);
	e = inline_copy(pcb, idp, dnp->dn_pos);
	for (unsigned int i = 0; i < n; i++) {
		dt_node_t *ph = dt_node_new(pcb, DN_VAR, dnp->dn_pos);

		if (asprintf(&ph->dn_str, "@param%u", i) < 0)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		xlate_subst(pcb, e, idp->di_params[i], ph);
	}
	for (unsigned int i = 0; i < n; i++) {
		dt_node_t *c = dt_node_new(pcb, DN_CAST, dnp->dn_pos);
		char ph[32];

		c->dn_type = idp->di_keys[i];
		c->dn_left = args[n - 1 - i];
		snprintf(ph, sizeof (ph), "@param%u", i);
		xlate_subst(pcb, e, ph, c);
	}
	free(dnp->dn_str);
	dnp->dn_str = NULL;
	dnp->dn_kind = DN_CAST;
	dnp->dn_type = idp->di_type;
	dnp->dn_left = e;
	dnp->dn_right = NULL;
	sema_expr(pcb, dnp);
}

/*
 * The translator to struct sid from the type of x's input (x a DN_XLATE
 * node, whose input this checks), or D_XLATE_NONE.
 */
static const dt_xlator_t *
xlator_for(dt_pcb_t *pcb, dt_node_t *x, uint32_t sid)
{
	const struct btf *btf = dt_pcb_types(pcb, x->dn_pos)->te_btf;
	const dt_xlator_t *dxp;
	char b1[256], b2[256];

	sema_expr(pcb, x->dn_left);
	for (dxp = pcb->pcb_hdl->dt_xlators; dxp != NULL; dxp = dxp->dx_next) {
		if (dt_btf_resolve(btf, dxp->dx_out.ty_btf) == sid &&
		    dt_xlate_accepts(btf, dxp->dx_in, x->dn_left->dn_type))
			return (dxp);
	}
	dt_cerror(pcb, "D_XLATE_NONE", x->dn_pos, "translator does not "
	    "exist: %s -> %s", tname(pcb, x->dn_left->dn_type, b1,
	    sizeof (b1)), dt_btf_name(btf, sid, b2, sizeof (b2)));
}

static void sema_xlate_member(dt_pcb_t *, dt_node_t *);

/*
 * Is e a pointer to a translated struct, xlate <OUT *> (x) or an inline
 * of one (curpsinfo)?  The inline's translation then replaces e.
 */
static bool
xlate_ptr(dt_pcb_t *pcb, dt_node_t *e)
{
	if (e->dn_kind == DN_VAR) {
		bool liberr;
		dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl, e->dn_str,
		    &liberr);

		if (liberr)
			dt_lib_error(pcb, e->dn_pos);
		if (idp == NULL || idp->di_kind != DT_IDENT_INLINE ||
		    idp->di_inline->dn_kind != DN_XLATE)
			return (false);
		replace_node(e, inline_copy(pcb, idp, e->dn_pos));
	}
	return (e->dn_kind == DN_XLATE && e->dn_type.ty_kind == DT_TK_PTR &&
	    e->dn_type.ty_btf != 0 && e->dn_type.ty_plevel == 0);
}

/*
 * Is member i of translator dxp the first of its name?  A translator may
 * give a member twice, as DTrace's may: the first is its translation.
 */
static bool
xlator_first(const dt_xlator_t *dxp, unsigned int i)
{
	for (unsigned int j = 0; j < i; j++) {
		if (strcmp(dxp->dx_mnames[j], dxp->dx_mnames[i]) == 0)
			return (false);
	}
	return (true);
}

/*
 * A whole translated struct, xlate <OUT> (e) or *xlate <OUT *> (e) (and
 * *curpsinfo): each member the translator defines, as xlate <OUT>
 * (e).m, in dn_args (dn_value its byte offset, dn_aux its size); the
 * code generator builds the struct from them in temporaries, the members
 * the translator leaves out zero.  dnp's dn_value: the struct's size.
 */
static void
sema_xlate_whole(dt_pcb_t *pcb, dt_node_t *dnp)
{
	const struct btf *btf = dt_pcb_types(pcb, dnp->dn_pos)->te_btf;
	uint32_t sid = dt_btf_resolve(btf, dnp->dn_type.ty_btf);
	dt_node_t *orig = dt_node_dup(pcb, dnp->dn_left, dnp->dn_pos),
	    **tail;
	const dt_xlator_t *dxp = xlator_for(pcb, dnp, sid);
	int64_t size = dt_btf_size(btf, sid);

	if (size <= 0 || size > DT_PRINT_MAX)
		dt_cerror(pcb, "D_XLATE_INCOMPAT", dnp->dn_pos, "a translated "
		    "struct of 1 to %d bytes can be used whole, not %lld",
		    DT_PRINT_MAX, (long long)size);
	dnp->dn_value = size;
	dnp->dn_args = NULL;
	tail = &dnp->dn_args;
	for (unsigned int i = 0; i < dxp->dx_nmemb; i++) {
		dt_node_t *m, *x;
		uint32_t mtype, off, bit, bitsize;
		int64_t msize;

		if (!xlator_first(dxp, i))
			continue;
		m = dt_node_new(pcb, DN_MEMBER, dnp->dn_pos);
		x = dt_node_new(pcb, DN_XLATE, dnp->dn_pos);

		x->dn_type = dnp->dn_type;
		x->dn_left = dt_node_dup(pcb, orig, dnp->dn_pos);
		m->dn_op = T_DOT;
		m->dn_left = x;
		if ((m->dn_str = strdup(dxp->dx_mnames[i])) == NULL)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		if (dt_btf_member(btf, sid, m->dn_str, &mtype, &off, &bit,
		    &bitsize) != 0 || bitsize != 0 || bit != 0 ||
		    (msize = dt_btf_size(btf, mtype)) <= 0)
			dt_cerror(pcb, "D_XLATE_INCOMPAT", dnp->dn_pos,
			    "translated member %s cannot be built in a whole "
			    "struct (a bit-field?)", m->dn_str);
		sema_xlate_member(pcb, m);	/* m: the member's value */
		m->dn_value = off;
		m->dn_aux = msize;
		*tail = m;
		tail = &m->dn_list;
	}
}

/*
 * xlate <OUT> (e).m and xlate <OUT *> (e)->m: the expression the
 * translator from e's type to OUT gives for m, with the input name bound
 * to e, converted to m's type.  dnp becomes that expression (a cast).
 */
static void
sema_xlate_member(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_node_t *x = dnp->dn_left, *in, *e = NULL;
	dt_type_t out = x->dn_type;
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	const dt_xlator_t *dxp;
	uint32_t sid, mtype, off, bit, bitsize;
	char b1[256];

	/* the translator first: one must exist for the input */
	sid = dt_btf_resolve(te->te_btf, out.ty_btf);
	in = dt_node_dup(pcb, x->dn_left, dnp->dn_pos);	/* as written */
	dxp = xlator_for(pcb, x, sid);
	if (dnp->dn_op == T_ARROW ? out.ty_kind != DT_TK_PTR ||
	    out.ty_btf == 0 || out.ty_plevel != 0 : out.ty_kind !=
	    DT_TK_STRUCT)
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator %s cannot "
		    "be applied to a translated \"%s\"", dnp->dn_op ==
		    T_ARROW ? "->" : ".", tname(pcb, out, b1, sizeof (b1)));
	if (dt_btf_member(te->te_btf, sid, dnp->dn_str, &mtype, &off, &bit,
	    &bitsize) != 0)
		dt_cerror(pcb, "D_TYPE_MEMBER", dnp->dn_pos, "%s is not a "
		    "member of %s", dnp->dn_str, dt_btf_name(te->te_btf, sid,
		    b1, sizeof (b1)));
	for (unsigned int i = 0; i < dxp->dx_nmemb && e == NULL; i++) {
		/* a member given twice: the first (xlator_first()) */
		if (strcmp(dxp->dx_mnames[i], dnp->dn_str) == 0)
			e = dt_node_dup(pcb, dxp->dx_mexprs[i],
			    dnp->dn_pos);
	}
	if (e == NULL)
		dt_cerror(pcb, "D_XLATE_NOCONV", dnp->dn_pos, "translator "
		    "does not define conversion for member: %s", dnp->dn_str);
	xlate_subst(pcb, e, dxp->dx_arg, in);
	xlate_convert(pcb, dnp, e, mtype);
}

/*
 * dnp (a member, named by dn_str, of a translator's output, of BTF type
 * mtype) becomes e, the expression the translator gives for it with its
 * input bound, checked and converted to the member's type.
 */
static void
xlate_convert(dt_pcb_t *pcb, dt_node_t *dnp, dt_node_t *e, uint32_t mtype)
{
	uint32_t nelems = 0;
	dt_type_t mt;
	char b1[256], b2[256];

	kernel_dtype(pcb, dnp, mtype);
	mt = dnp->dn_type;
	if (mt.ty_kind == DT_TK_STRING && mt.ty_btf != 0) {
		/* a char array: its elements, for a constant index */
		const struct btf_type *at = btf__type_by_id(dt_pcb_types(pcb,
		    dnp->dn_pos)->te_btf, mt.ty_btf);

		if (at != NULL && btf_kind(at) == BTF_KIND_ARRAY)
			nelems = btf_array(at)->nelems;
	}
	if (mt.ty_kind == DT_TK_STRING)
		mt = (dt_type_t){ DT_TK_STRING, 0, 0 };
	else if (mt.ty_kind == DT_TK_STRUCT || mt.ty_kind == DT_TK_ARRAY)
		dt_cerror(pcb, "D_XLATE_INCOMPAT", dnp->dn_pos, "translated "
		    "member %s is a struct or array, which D cannot translate "
		    "yet", dnp->dn_str);
	sema_expr(pcb, e);
	if ((mt.ty_kind == DT_TK_STRING) != is_string(e) || !(is_scalar(e) ||
	    is_string(e)) || !ptr_int_compat(pcb, dnp, e))
		dt_cerror(pcb, "D_XLATE_INCOMPAT", e->dn_pos, "translator "
		    "member %s: \"%s\" is not compatible with \"%s\"",
		    dnp->dn_str, type_name(e->dn_type, b1, sizeof (b1)),
		    type_name(mt, b2, sizeof (b2)));
	free(dnp->dn_str);
	dnp->dn_str = NULL;
	dnp->dn_kind = DN_CAST;
	dnp->dn_type = mt;
	dnp->dn_left = e;
	dnp->dn_value = 0;
	dnp->dn_aux = nelems;
	dnp->dn_strlen = 0;
	sema_expr(pcb, dnp);
}

/*
 * fds[e] is xlate <fileinfo_t> (fds[e]), the translator of the D library
 * applied to the inner fds[e] (dn_aux 1): the current task's struct
 * file * for descriptor e, NULL when it is closed or out of range.
 */
static bool
is_fds(const dt_node_t *dnp)
{
	return (dnp->dn_kind == DN_INDEX && dnp->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_str, "fds") == 0);
}

/* fds[e] as written becomes the xlate. */
static void
fds_xlate(dt_pcb_t *pcb, dt_node_t *dnp)
{
	bool liberr;
	dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl, "fileinfo_t", &liberr);
	dt_node_t *in;

	if (liberr)
		dt_lib_error(pcb, dnp->dn_pos);
	if (idp == NULL || idp->di_kind != DT_IDENT_TYPE)
		dt_cerror(pcb, "D_TYPE_ERR", dnp->dn_pos, "fileinfo_t is not "
		    "a type here");
	in = dt_node_dup(pcb, dnp, dnp->dn_pos);
	in->dn_aux = 1;
	dnp->dn_kind = DN_XLATE;
	dnp->dn_type = idp->di_type;
	dnp->dn_left = in;
	dnp->dn_right = NULL;
}

/* The inner fds[e]: a struct file *. */
static void
sema_fds(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);

	sema_expr(pcb, dnp->dn_right);
	if (!is_int(dnp->dn_right))
		dt_cerror(pcb, "D_OP_INT", dnp->dn_right->dn_pos, "index must "
		    "be an integer");
	dnp->dn_builtin = dt_builtin_lookup("fds");
	dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
	dnp->dn_type.ty_btf = dt_tcache_tag(te, BTF_KIND_STRUCT, "file");
	if (dnp->dn_type.ty_btf == 0)
		dt_cerror(pcb, "D_BTF", dnp->dn_pos, "kernel type data lacks "
		    "struct file");
	path_offsets(pcb, dnp->dn_pos);
}

static void sema_used(dt_pcb_t *, dt_node_t *, int);

static void
sema_member(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_type_t lt;
	dt_tentry_t *te;
	uint32_t sid, mtype, off, bit, bitsize;
	const char *op = dnp->dn_op == T_ARROW ? "->" : ".";
	char buf[256];
	bool typed = false;	/* dn_left has been through sema */

	if (dnp->dn_left->dn_kind == DN_VAR) {
		/* an inline of a translation (curpsinfo) is the xlate */
		bool liberr;
		dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl,
		    dnp->dn_left->dn_str, &liberr);

		if (liberr)
			dt_lib_error(pcb, dnp->dn_left->dn_pos);
		if (idp != NULL && idp->di_kind == DT_IDENT_INLINE &&
		    idp->di_inline->dn_kind == DN_XLATE)
			dnp->dn_left = inline_copy(pcb, idp,
			    dnp->dn_left->dn_pos);
	}
	if (is_fds(dnp->dn_left) && dnp->dn_left->dn_aux != 1)
		fds_xlate(pcb, dnp->dn_left);
	if (dnp->dn_left->dn_kind == DN_INDEX &&
	    dnp->dn_left->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_left->dn_str, "args") == 0) {
		/* args[N] may be translated (proc:::create's psinfo_t *) */
		sema_args(pcb, dnp->dn_left, true);
		typed = dnp->dn_left->dn_kind != DN_XLATE;
	}
	if (dnp->dn_left->dn_kind == DN_XLATE) {
		sema_xlate_member(pcb, dnp);
		return;
	}
	if (!typed)
		sema_used(pcb, dnp->dn_left, dnp->dn_op == T_ARROW ?
		    DT_ACTUSE_ARROW : DT_ACTUSE_DOT);
	lt = dnp->dn_left->dn_type;
	if (dnp->dn_op == T_ARROW && lt.ty_kind != DT_TK_PTR)
		dt_cerror(pcb, "D_OP_PTR", dnp->dn_pos, "operator -> must be "
		    "applied to a pointer, not to an operand of type \"%s\"",
		    tname(pcb, lt, buf, sizeof (buf)));
	if (dnp->dn_op == T_ARROW && (lt.ty_btf == 0 || lt.ty_plevel != 0))
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator -> cannot be "
		    "applied to an operand of type \"%s\"", tname(pcb, lt, buf,
		    sizeof (buf)));
	if (dnp->dn_op == T_DOT && lt.ty_kind != DT_TK_STRUCT)
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator . cannot be "
		    "applied to an operand of type \"%s\"", tname(pcb, lt, buf,
		    sizeof (buf)));
	te = dt_pcb_types(pcb, dnp->dn_pos);
	sid = dt_btf_resolve(te->te_btf, lt.ty_btf);
	{
		const struct btf_type *st = btf__type_by_id(te->te_btf, sid);
		const struct btf_type *tt = btf__type_by_id(te->te_btf,
		    lt.ty_btf);

		/* struct t; with no body, or a struct never declared */
		if ((st != NULL && btf_kind(st) == BTF_KIND_FWD) ||
		    (sid == 0 && tt != NULL && btf_kind(tt) == BTF_KIND_TYPEDEF))
			dt_cerror(pcb, "D_OP_INCOMPLETE", dnp->dn_pos,
			    "operator %s cannot be applied to an incomplete "
			    "type: %s has no definition", op, tname(pcb, lt,
			    buf, sizeof (buf)));
		if (st == NULL || (btf_kind(st) != BTF_KIND_STRUCT &&
		    btf_kind(st) != BTF_KIND_UNION))
			dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator %s "
			    "cannot be applied to an operand of type \"%s\"",
			    op, tname(pcb, lt, buf, sizeof (buf)));
	}
	if (dt_btf_member(te->te_btf, sid, dnp->dn_str, &mtype, &off, &bit,
	    &bitsize) != 0)
		dt_cerror(pcb, "D_TYPE_MEMBER", dnp->dn_pos, "%s is not a "
		    "member of %s", dnp->dn_str, dt_btf_name(te->te_btf, sid,
		    buf, sizeof (buf)));
	kernel_dtype(pcb, dnp, mtype);
	if (bitsize != 0 && dnp->dn_type.ty_kind != DT_TK_INT)
		dt_cerror(pcb, "D_TYPE_ERR", dnp->dn_pos, "bit-field %s is "
		    "not an integer", dnp->dn_str);
	dnp->dn_value = off;
	dnp->dn_aux = (int64_t)(bit | bitsize << 8);
}


/*
 * The D type of an argument's native C type (dt_argdesc_t.ad_native), by
 * the grammar's type-name rule; a type the kernel's data lacks is a
 * plain 64-bit integer, as argN is.
 */
static void
argdesc_ctype(dt_pcb_t *pcb, const dt_argdesc_t *ad, dt_type_t *tp)
{
	if (dt_parse_ctype(pcb, ad->ad_native, tp) != 0)
		*tp = (dt_type_t){ DT_TK_INT, 8, 1 };
}

typedef struct argdesc_arg {
	int aa_n;		/* which argument */
	dt_argdesc_t aa_desc;	/* its description on the first probe */
	bool aa_have;		/* ... that has one */
	bool aa_differ;		/* two probes disagree */
	char aa_other[256];	/* the type that disagrees */
	unsigned int aa_nprobes; /* probes matched */
	unsigned int aa_nbeyond; /* ... that have fewer than aa_n + 1 */
	unsigned int aa_nnone;	/* ... that have none */
} argdesc_arg_t;

/* The type of args[N] a description gives, as a message names it. */
static const char *
argdesc_type(const dt_argdesc_t *ad)
{
	return (ad->ad_form == DT_ARG_XLATE ? ad->ad_xlate :
	    ad->ad_form == DT_ARG_VALUE ? ad->ad_native : "string");
}

static bool
argdesc_same(const dt_argdesc_t *a, const dt_argdesc_t *b)
{
	return (a->ad_form == b->ad_form && a->ad_src == b->ad_src &&
	    strcmp(a->ad_native, b->ad_native) == 0 &&
	    strcmp(a->ad_xlate, b->ad_xlate) == 0);
}

static int
argdesc_cb(dtrace_hdl_t *dtp, dt_probe_t *prp, void *arg)
{
	argdesc_arg_t *aa = arg;
	dt_argdesc_t ad;

	aa->aa_nprobes++;
	if (dt_probe_argdesc(dtp, prp, aa->aa_n, &ad) != 0) {
		aa->aa_nbeyond++;
		aa->aa_nnone += dt_probe_argdesc(dtp, prp, 0, &ad) != 0;
		return (0);
	}
	if (!aa->aa_have) {
		aa->aa_desc = ad;
		aa->aa_have = true;
	} else if (!argdesc_same(&aa->aa_desc, &ad) && !aa->aa_differ) {
		aa->aa_differ = true;
		snprintf(aa->aa_other, sizeof (aa->aa_other), "%s",
		    argdesc_type(&ad));
	}
	return (0);
}

/* argN as a variable node. */
static dt_node_t *
argvar(dt_pcb_t *pcb, dt_srcpos_t pos, int n)
{
	dt_node_t *var = dt_node_new(pcb, DN_VAR, pos);
	char name[8];

	snprintf(name, sizeof (name), "arg%d", n);
	if ((var->dn_str = strdup(name)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	return (var);
}

/*
 * A translated argument (proc:::create's args[0] is psinfo_t *, from a
 * struct task_struct *): args[N] becomes xlate <OUT> ((IN)argM), OUT from
 * the D library, which -> and * can take (*args[N], the whole struct).
 */
static bool
args_xlate(dt_pcb_t *pcb, dt_node_t *dnp, const dt_argdesc_t *ad, int n,
    bool member)
{
	const char *otext = ad->ad_xlate;
	char lname[64];
	dt_node_t *cast;
	dt_ident_t *idp;
	bool liberr;

	if (!member)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "args[%d] is a "
		    "translated %s, not a pointer D can keep: use its members "
		    "(args[%d]->pr_pid) or the whole struct (*args[%d])", n,
		    otext, n, n);
	/* the library declares OUT: "psinfo_t *" loads it by "psinfo_t" */
	snprintf(lname, sizeof (lname), "%.*s", (int)strcspn(otext, " *"),
	    otext);
	idp = dt_lib_lookup(pcb->pcb_hdl, lname, &liberr);
	if (liberr)
		dt_lib_error(pcb, dnp->dn_pos);
	if (idp == NULL || idp->di_kind != DT_IDENT_TYPE ||
	    idp->di_type.ty_kind != DT_TK_STRUCT || strchr(otext, '*') == NULL)
		return (false);
	cast = dt_node_new(pcb, DN_CAST, dnp->dn_pos);
	argdesc_ctype(pcb, ad, &cast->dn_type);
	cast->dn_left = argvar(pcb, dnp->dn_pos, ad->ad_src);
	dnp->dn_type = idp->di_type;	/* OUT *: its id is the pointee */
	dnp->dn_type.ty_kind = DT_TK_PTR;
	dnp->dn_type.ty_size = 8;
	dnp->dn_kind = DN_XLATE;
	dnp->dn_left = cast;
	dnp->dn_right = NULL;
	return (true);
}

/*
 * args[N]: argument N as the probes of the clause describe it
 * (dt_argdesc_t): argM of its native type, a string read from it, or its
 * translation.  member: the operand of . or ->, which a translated
 * argument may be.
 */
static void
sema_args(dt_pcb_t *pcb, dt_node_t *dnp, bool member)
{
	dt_clause_t *dcp = pcb->pcb_clause;
	const dt_argdesc_t *ad;
	argdesc_arg_t aa;
	char name[8];
	int n;

	if (dcp == NULL || dcp->dc_ndescs == 0)	/* an inline's declaration */
		dt_cerror(pcb, "D_ARGS_NONE", dnp->dn_pos, "args[ ] may not "
		    "be referenced outside of a probe clause");
	sema_expr(pcb, dnp->dn_right);
	if (dnp->dn_right->dn_kind != DN_INT ||
	    dnp->dn_right->dn_type.ty_kind != DT_TK_INT) {
		char b[256];

		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_right->dn_pos, "args[ ] "
		    "argument #1 is incompatible with prototype: an integer "
		    "constant, not \"%s\"", tname(pcb, dnp->dn_right->dn_type,
		    b, sizeof (b)));
	}
	if (dnp->dn_right->dn_value < 0 ||
	    dnp->dn_right->dn_value >= DT_MAXARGS)
		dt_cerror(pcb, "D_ARGS_IDX", dnp->dn_right->dn_pos, "args[ ] "
		    "index must be an integer constant from 0 to %d",
		    DT_MAXARGS - 1);
	n = (int)dnp->dn_right->dn_value;
	memset(&aa, 0, sizeof (aa));
	aa.aa_n = n;
	for (unsigned int i = 0; i < dcp->dc_ndescs; i++)
		(void) dt_probe_match(pcb->pcb_hdl, &dcp->dc_descs[i],
		    argdesc_cb, &aa);
	/* a probe without arguments has every index out of range
	   (DTrace's D_ARGS_IDX) */
	if (aa.aa_nprobes > 0 && aa.aa_nnone == aa.aa_nprobes)
		dt_cerror(pcb, "D_ARGS_IDX", dnp->dn_pos, "index %d is out of "
		    "range for the args[ ] of %s:%s:%s:%s: it has no "
		    "arguments", n, dcp->dc_descs[0].prv, dcp->dc_descs[0].mod,
		    dcp->dc_descs[0].fun, dcp->dc_descs[0].prb);
	if (aa.aa_nprobes > 0 && aa.aa_nbeyond == aa.aa_nprobes)
		dt_cerror(pcb, "D_ARGS_IDX", dnp->dn_right->dn_pos, "index %d "
		    "is out of range for the args[ ] of %s:%s:%s:%s", n,
		    dcp->dc_descs[0].prv, dcp->dc_descs[0].mod,
		    dcp->dc_descs[0].fun, dcp->dc_descs[0].prb);
	if (aa.aa_differ)
		dt_cerror(pcb, "D_ARGS_MULTI", dnp->dn_pos, "args[%d] has "
		    "different types on the probes of this clause (\"%s\" and "
		    "\"%s\"): use arg%d", n, argdesc_type(&aa.aa_desc),
		    aa.aa_other, n);
	if (!aa.aa_have)
		dt_argdesc_value(&aa.aa_desc, n, "int64_t");
	ad = &aa.aa_desc;
	if (ad->ad_form == DT_ARG_XLATE &&
	    args_xlate(pcb, dnp, ad, n, member))
		return;
	if (ad->ad_form == DT_ARG_USTRING || ad->ad_form == DT_ARG_KSTRING) {
		/*
		 * a user string (proc:::exec's path): copyinstr(argN); a
		 * kernel one (an sdt probe's record): stringof((char *)argN)
		 */
		dt_node_t *a = argvar(pcb, dnp->dn_pos, ad->ad_src);

		if ((dnp->dn_str = strdup(ad->ad_form == DT_ARG_USTRING ?
		    "copyinstr" : "stringof")) == NULL)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		if (ad->ad_form == DT_ARG_KSTRING) {
			dt_node_t *var = a;

			a = dt_node_new(pcb, DN_CAST, dnp->dn_pos);
			a->dn_left = var;
			a->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0, 1, 1 };
		}
		dnp->dn_kind = DN_CALL;
		dnp->dn_args = a;
		dnp->dn_left = dnp->dn_right = NULL;
		sema_expr(pcb, dnp);
		return;
	}
	argdesc_ctype(pcb, ad, &dnp->dn_type);
	/* a CPU's entry of the cpuinfo map (sched:::enqueue's args[2]) */
	if (strcmp(ad->ad_native, DT_ARG_CPUINFO) == 0)
		dcp->dc_cpuinfo = true;
	snprintf(name, sizeof (name), "arg%d", ad->ad_src);
	dnp->dn_kind = DN_VAR;
	dnp->dn_builtin = dt_builtin_lookup(name);
	dnp->dn_left = dnp->dn_right = NULL;
}

/*
 * uregs[i]: slot i of the current task's saved user registers, its
 * struct pt_regs at the top of its kernel stack (task_pt_regs(): stack +
 * THREAD_SIZE - sizeof (struct pt_regs); THREAD_SIZE is 16 KB on x86_64
 * and no padding lies above the registers there).  dn_value is the
 * offset of task_struct.stack, dn_aux that of the registers in the stack;
 * dn_right the index, a constant as DTrace requires (D_PROTO_ARG
 * otherwise), checked here.
 */
static void
sema_uregs(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	uint32_t rid = dt_tcache_tag(te, BTF_KIND_STRUCT, "pt_regs");
	int64_t size = rid != 0 ? dt_btf_size(te->te_btf, rid) : -1;
	dt_node_t *ix = dnp->dn_right;

	if (size <= 0 || size > DT_THREAD_SIZE)
		dt_cerror(pcb, "D_BTF", dnp->dn_pos, "kernel type data lacks "
		    "struct pt_regs");
	sema_expr(pcb, ix);
	if (!is_int(ix) || ix->dn_kind != DN_INT)
		dt_cerror(pcb, "D_PROTO_ARG", ix->dn_pos, "uregs[ ] index "
		    "must be an integer constant (R_PC, 3)");
	if ((ix->dn_value < 0 ||
	    ix->dn_value >= size / 8))
		dt_cerror(pcb, "D_REGS_IDX", ix->dn_pos, "index %lld is out "
		    "of range for array uregs (0 to %lld)",
		    (long long)ix->dn_value, (long long)(size / 8 - 1));
	dnp->dn_builtin = dt_builtin_lookup("uregs");
	dnp->dn_type = dnp->dn_builtin->di_type;
	dnp->dn_value = kernel_offset(pcb, dnp->dn_pos, "task_struct",
	    "stack");
	dnp->dn_aux = DT_THREAD_SIZE - size;
}

/*
 * Is e a translated member that the output struct declares a char array
 * (psinfo_t's pr_fname, lwpsinfo_t's pr_name)?  It is a D string holding
 * the array's characters; its cast (xlate_convert()) keeps the array's
 * element count in dn_aux.
 */
static bool
is_xlate_chars(const dt_node_t *e)
{
	return (e->dn_kind == DN_CAST && e->dn_type.ty_kind == DT_TK_STRING &&
	    e->dn_aux > 0);
}

/* a[i] on kernel arrays and pointers: the element's type and size. */
static void
sema_index(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_type_t lt;
	char buf[256];

	if (dnp->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_str, "args") == 0) {
		sema_args(pcb, dnp, false);
		return;
	}
	if (dnp->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_str, "uregs") == 0) {
		sema_uregs(pcb, dnp);
		return;
	}
	if (is_fds(dnp)) {
		if (dnp->dn_aux == 1) {
			sema_fds(pcb, dnp);
			return;
		}
		fds_xlate(pcb, dnp);	/* a struct: D_UNSUPPORTED here */
		sema_expr(pcb, dnp);
		return;
	}
	if (dnp->dn_left->dn_kind == DN_VAR &&
	    dt_builtin_lookup(dnp->dn_left->dn_str) == NULL) {
		dt_ident_t *idp = dt_ident_lookup(pcb->pcb_hdl,
		    dnp->dn_left->dn_str);

		if (idp == NULL || idp->di_kind == DT_IDENT_ASSOC) {
			sema_assoc(pcb, dnp, false, dnp->dn_type);
			return;
		}
		if (idp->di_kind == DT_IDENT_INLINE && idp->di_nkeys > 0) {
			inline_call(pcb, dnp, idp);
			return;
		}
	}
	sema_expr(pcb, dnp->dn_left);
	if (dnp->dn_right->dn_kind == DN_COMMA) {
		char buf[256];

		if (dnp->dn_left->dn_kind == DN_VAR)
			snprintf(buf, sizeof (buf), "%s", dnp->dn_left->dn_str);
		else
			tname(pcb, dnp->dn_left->dn_type, buf, sizeof (buf));
		dt_cerror(pcb, "D_ARR_BADREF", dnp->dn_pos, "cannot access %s "
		    "as an associative array: it takes one index", buf);
	}
	sema_expr(pcb, dnp->dn_right);
	lt = dnp->dn_left->dn_type;
	if (!is_int(dnp->dn_right))
		dt_cerror(pcb, "D_OP_INT", dnp->dn_right->dn_pos, "index must "
		    "be an integer");
	if (lt.ty_kind == DT_TK_ARRAY || (lt.ty_kind == DT_TK_STRING &&
	    lt.ty_btf != 0)) {
		int64_t idx;
		dt_type_t ity;
		dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
		const struct btf_type *t = btf__type_by_id(te->te_btf,
		    lt.ty_btf);
		uint32_t elem = btf_array(t)->type;
		const dt_node_t *root = dt_member_root(dnp->dn_left);

		kernel_dtype(pcb, dnp, elem);
		dnp->dn_value = dt_btf_size(te->te_btf, elem);
		/* a constant index lies within the array, wherever it is;
		   as in C, &a[n] of an array of n is its end */
		if (btf_array(t)->nelems > 0 && fold_int(pcb, dnp->dn_right,
		    &idx, &ity) && (idx < 0 ||
		    (uint64_t)idx > btf_array(t)->nelems ||
		    ((uint64_t)idx == btf_array(t)->nelems &&
		    pcb->pcb_addrof != dnp)))
			dt_cerror(pcb, "D_ARR_BOUNDS", dnp->dn_right->dn_pos,
			    "index %lld is out of range for array of %u "
			    "elements", (long long)idx, btf_array(t)->nelems);
		/* in a D variable: the index is checked, C's arrays in
		   memory are not */
		if (root == NULL)
			root = dnp->dn_left;
		if (root->dn_ident != NULL && root->dn_builtin == NULL &&
		    (root->dn_kind == DN_VAR || root->dn_kind == DN_INDEX))
			dnp->dn_stroff = btf_array(t)->nelems;
	} else if (lt.ty_kind == DT_TK_PTR && lt.ty_plevel > 0) {
		dnp->dn_type = lt;
		dnp->dn_type.ty_plevel--;
		dnp->dn_value = 8;
	} else if (lt.ty_kind == DT_TK_PTR && lt.ty_btf != 0) {
		pointee(pcb, dnp, lt);
		dnp->dn_value = dt_btf_size(dt_pcb_types(pcb,
		    dnp->dn_pos)->te_btf, lt.ty_btf);
	} else if (lt.ty_kind == DT_TK_PTR && lt.ty_psize > 0) {
		dnp->dn_type = (dt_type_t){ DT_TK_INT, lt.ty_psize,
		    lt.ty_psigned };
		dnp->dn_value = lt.ty_psize;
	} else if (lt.ty_kind == DT_TK_STRING) {
		/*
		 * A string D made is its strsize + 1 bytes: s[i] is a char
		 * of them, as in DTrace ((s = copyinstr(p))[6] == '-'); an
		 * index outside them is the out-of-range index fault.
		 */
		int64_t idx;
		dt_type_t ity;

		/* a translated char array member (pr_name) is a string of
		   its size: a constant index lies within the array */
		if (is_xlate_chars(dnp->dn_left) && fold_int(pcb,
		    dnp->dn_right, &idx, &ity) && (idx < 0 ||
		    idx >= dnp->dn_left->dn_aux))
			dt_cerror(pcb, "D_ARR_BOUNDS", dnp->dn_right->dn_pos,
			    "index %lld is out of range for array of %lld "
			    "elements", (long long)idx,
			    (long long)dnp->dn_left->dn_aux);
		dnp->dn_type = (dt_type_t){ DT_TK_INT, 1, 1 };
		dnp->dn_value = 1;
		dnp->dn_stroff = dt_strbuf(pcb->pcb_hdl);
	} else {
		dt_cerror(pcb, "D_OP_ARRPTR", dnp->dn_pos, "operator [ ] "
		    "cannot be applied to an operand of type \"%s\"",
		    tname(pcb, lt, buf, sizeof (buf)));
	}
}

/*
 * The type of a pointer to the first element of array type t (an array
 * in BTF): true with it in *pt, or false with the element's own type in
 * *pt when no pointer to it can be made here (an element that is a
 * struct is a pointer to the struct only through &).
 */
static bool
elem_ptr(dt_pcb_t *pcb, dt_type_t t, dt_srcpos_t pos, dt_type_t *pt)
{
	dt_tentry_t *te = dt_pcb_types(pcb, pos);
	const struct btf_type *at = btf__type_by_id(te->te_btf, t.ty_btf);
	dt_node_t tmp = { .dn_pos = pos };

	kernel_dtype(pcb, &tmp, btf_array(at)->type);
	*pt = tmp.dn_type;
	if (tmp.dn_type.ty_kind == DT_TK_INT) {
		*pt = (dt_type_t){ DT_TK_PTR, 8, 0, tmp.dn_type.ty_size,
		    tmp.dn_type.ty_signed, 0, btf_array(at)->type };
		return (true);
	}
	if (tmp.dn_type.ty_kind == DT_TK_PTR) {
		pt->ty_plevel++;
		return (true);
	}
	if (tmp.dn_type.ty_kind == DT_TK_STRUCT) {
		*pt = (dt_type_t){ DT_TK_PTR, 8, 0 };
		pt->ty_btf = tmp.dn_type.ty_btf;
		return (true);
	}
	return (false);
}

/*
 * An array where a pointer is wanted (p = a for a pointer p, (int *)a,
 * a compared with a pointer) is a pointer to its first element, as in C:
 * e, checked, becomes a cast of itself to that pointer type; the array's
 * value is already the address of its bytes.
 */
static void
array_decay(dt_pcb_t *pcb, dt_node_t *e)
{
	dt_node_t *a, *list = e->dn_list, *all;
	dt_type_t pt;
	const dt_node_t *root;

	if (e->dn_type.ty_kind != DT_TK_ARRAY || e->dn_type.ty_btf == 0 ||
	    !elem_ptr(pcb, e->dn_type, e->dn_pos, &pt))
		return;
	root = e->dn_kind == DN_VAR ? e : dt_member_root(e);
	if (root != NULL && root->dn_ident != NULL &&
	    (root->dn_ident->di_kind == DT_IDENT_ASSOC ||
	    root->dn_ident->di_kind == DT_IDENT_TLS))
		dt_cerror(pcb, "D_ADDROF_VAR", e->dn_pos, "cannot take the "
		    "address of a part of dynamic variable %s: an array of "
		    "one has no pointer", root->dn_ident->di_name);
	a = dt_node_new(pcb, e->dn_kind, e->dn_pos);
	all = a->dn_all;
	*a = *e;
	a->dn_all = all;
	a->dn_list = NULL;
	all = e->dn_all;
	*e = (dt_node_t){ .dn_kind = DN_CAST, .dn_type = pt,
	    .dn_pos = a->dn_pos, .dn_left = a, .dn_list = list,
	    .dn_all = all };
}

/*
 * A char array where a string is wanted (a subroutine's or printf( )'s
 * argument, stringof( ), a comparison with a string) is a string of at
 * most its size, as DTrace takes char arrays: e, checked, becomes a cast
 * of itself to the string type a char array member has (its length in
 * dn_strlen, which the code generator reads).
 */
static void
char_array_string(dt_pcb_t *pcb, dt_node_t *e)
{
	dt_node_t tmp = { .dn_pos = e->dn_pos }, *a, *list = e->dn_list, *all;

	if (e->dn_type.ty_kind != DT_TK_ARRAY || e->dn_type.ty_btf == 0)
		return;
	kernel_dtype(pcb, &tmp, e->dn_type.ty_btf);
	if (tmp.dn_type.ty_kind != DT_TK_STRING)
		return;
	a = dt_node_new(pcb, e->dn_kind, e->dn_pos);
	all = a->dn_all;
	*a = *e;
	a->dn_all = all;
	a->dn_list = NULL;
	all = e->dn_all;
	*e = (dt_node_t){ .dn_kind = DN_CAST, .dn_type = tmp.dn_type,
	    .dn_pos = a->dn_pos, .dn_strlen = tmp.dn_strlen, .dn_left = a,
	    .dn_list = list, .dn_all = all };
}

/*
 * &e: the address of an object in memory, the operand of a member access
 * (p->m, s.m), an index (a[i], p[i]) or *p; a pointer to the object's
 * type (to its first element for an array).  A D variable itself has no
 * address D can use; a part of a global or clause-local struct or array
 * (&a[i], &g.m) has one, in the map its variable lives in, but not a
 * part of a self-> variable or an associative array element, which
 * come and go (DTrace's "dynamic variables").
 */
static void
sema_addrof(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_node_t *e = dnp->dn_left;
	dt_type_t t = e->dn_type;
	const dt_node_t *root;

	if (e->dn_builtin != NULL)
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of built-in variable %s", e->dn_builtin->di_name);
	if (e->dn_kind == DN_VAR)
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of %s: D variables have no address", e->dn_str);
	if ((root = dt_member_root(e)) != NULL && root->dn_ident != NULL &&
	    (root->dn_ident->di_kind == DT_IDENT_ASSOC ||
	    root->dn_ident->di_kind == DT_IDENT_TLS))
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of a part of dynamic variable %s",
		    root->dn_ident->di_name);
	if (e->dn_kind != DN_MEMBER && e->dn_kind != DN_INDEX &&
	    !(e->dn_kind == DN_UNARY && e->dn_op == T_STAR))
		dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "unary & requires "
		    "an object in memory (a member, an element or *p)");
	if (e->dn_kind == DN_MEMBER && (e->dn_aux >> 8) != 0)
		dt_cerror(pcb, "D_ADDROF_BITFIELD", dnp->dn_pos, "cannot take "
		    "the address of bit-field %s", e->dn_str);
	if (e->dn_kind == DN_INDEX && e->dn_ident != NULL)
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of an element of associative array %s",
		    e->dn_ident->di_name);
	if (e->dn_kind == DN_UNARY) {
		dnp->dn_type = e->dn_left->dn_type;	/* &*p is p */
		return;
	}
	if (t.ty_kind == DT_TK_PTR) {
		/* the address of a pointer: one more level */
		if (t.ty_btf == 0 && t.ty_psize == 0 && t.ty_plevel == 0)
			dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "cannot "
			    "take the address of a void pointer yet");
		dnp->dn_type = t;
		dnp->dn_type.ty_plevel++;
		return;
	}
	if ((t.ty_kind == DT_TK_ARRAY || t.ty_kind == DT_TK_STRING) &&
	    t.ty_btf != 0) {
		/* an array: its first element */
		dt_type_t pt;

		if (elem_ptr(pcb, t, dnp->dn_pos, &pt)) {
			dnp->dn_type = pt;
			return;
		}
		t = pt;
	}
	if (t.ty_kind == DT_TK_STRUCT) {
		dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
		dnp->dn_type.ty_btf = t.ty_btf;
		return;
	}
	if (t.ty_kind == DT_TK_INT) {
		dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0, t.ty_size,
		    t.ty_signed, 0, 0 };
		return;
	}
	dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "cannot take the address "
	    "of this object yet");
}

static void zero_as_empty(dt_pcb_t *, const dt_node_t *, dt_node_t *);

/*
 * In a comparison with a string, the constant NULL is NULL's string,
 * which reads as "": string values are never address 0 here (a NULL
 * string is a marked buffer, dt_strtab_null()), and DTrace's string
 * compare reads NULL as "".
 */
static void
null_as_empty(dt_pcb_t *pcb, const dt_node_t *s, dt_node_t *n)
{
	if (n->dn_kind == DN_INT && (n->dn_type.ty_kind == DT_TK_PTR ||
	    (n->dn_str != NULL && strcmp(n->dn_str, "NULL") == 0)))
		zero_as_empty(pcb, s, n);
}

/* A pointer to char (of any signedness), not to a pointer. */
static bool
is_charptr(dt_type_t t)
{
	return (t.ty_kind == DT_TK_PTR && t.ty_psize == 1 && t.ty_plevel == 0);
}

/*
 * A char * beside a string (s) is promoted to a string, as DTrace's
 * guide has it for a comparison (a string compare) and for an assignment
 * to a string: n becomes stringof(n), whose code reads the string the
 * pointer points to (a char array is already a string here); a NULL
 * char * is the empty string there, as DTrace reads NULL.
 */
static void
charptr_as_string(dt_pcb_t *pcb, const dt_node_t *s, dt_node_t *n)
{
	const dt_ident_t *idp = dt_builtin_lookup("stringof");
	dt_type_t t = n->dn_type;
	dt_node_t *ptr, *all, *list;

	if (!is_string(s) || !is_charptr(t) || n->dn_kind == DN_INT ||
	    idp == NULL)
		return;
	/* ptr takes n's contents (its name too), n becomes the call; each
	   keeps its own place in the list of nodes to free */
	ptr = dt_node_new(pcb, n->dn_kind, n->dn_pos);
	all = ptr->dn_all;
	*ptr = *n;
	ptr->dn_all = all;
	ptr->dn_list = NULL;
	all = n->dn_all;
	list = n->dn_list;
	memset(n, 0, sizeof (*n));
	n->dn_kind = DN_CALL;
	n->dn_pos = ptr->dn_pos;
	n->dn_all = all;
	n->dn_list = list;
	if ((n->dn_str = strdup("stringof")) == NULL)
		dt_cerror(pcb, "D_NOMEM", n->dn_pos, "out of memory");
	n->dn_args = ptr;
	n->dn_builtin = idp;
	n->dn_type = idp->di_type;
	n->dn_value = 1;	/* NULL is "" (dt_cg_stringof()) */
}

/*
 * The constant 0 or NULL (n) put in a string (s) is NULL's string (a
 * DN_STRING "" with dn_value 1, dt_strtab_null()): s = 0 stores NULL,
 * which deletes a self-> or associative array element; NULL reads as ""
 * where a comparison reads it, and faults where a string is read
 * (trace(), printf(), a subroutine, s[i]), as in DTrace.
 */
static void
zero_as_empty(dt_pcb_t *pcb, const dt_node_t *s, dt_node_t *n)
{
	char *e;

	if (!is_string(s) || n->dn_kind != DN_INT || n->dn_value != 0 ||
	    (n->dn_type.ty_kind != DT_TK_PTR &&
	    n->dn_type.ty_kind != DT_TK_INT))
		return;
	if ((e = strdup("")) == NULL)
		dt_cerror(pcb, "D_NOMEM", n->dn_pos, "out of memory");
	free(n->dn_str);
	n->dn_str = e;
	n->dn_strlen = 0;
	n->dn_kind = DN_STRING;
	n->dn_value = 1;
	n->dn_type = s->dn_type;
	sema_expr(pcb, n);
}

/*
 * Is r the constant 0 or NULL put in lv, a whole struct or union
 * variable of any class?  DTrace takes it: a self-> variable or an
 * associative array element is deleted (its space freed), a global or
 * clause-local one made of zeros; it reads as zeros after either.
 */
static bool
zero_clears(dt_pcb_t *pcb, const dt_node_t *lv, const dt_node_t *r)
{
	int64_t v;
	dt_type_t vt;

	return (lv->dn_ident != NULL && lv->dn_type.ty_kind == DT_TK_STRUCT &&
	    (r->dn_type.ty_kind == DT_TK_INT ||
	    r->dn_type.ty_kind == DT_TK_PTR) &&
	    ((r->dn_kind == DN_INT && r->dn_value == 0) ||
	    (fold_int(pcb, r, &v, &vt) && v == 0)));
}

static void sema_expr_level(dt_pcb_t *, dt_node_t *);

/*
 * Check an expression, one level of nesting deeper: inlines and
 * translators expand here, so their trees can be deeper than any the
 * parser built.
 */
/*
 * An operand of ?:, the comma or an assignment: a call there says so (see
 * action_used()).
 */
static void
sema_operand(dt_pcb_t *pcb, dt_node_t *dnp)
{
	if (dnp->dn_kind == DN_CALL)
		pcb->pcb_actuse = DT_ACTUSE_OPERAND;
	sema_expr(pcb, dnp);
	pcb->pcb_actuse = DT_ACTUSE_EXPR;
}

/* An operand checked as the operand of use would be, a call that is. */
static void
sema_used(dt_pcb_t *pcb, dt_node_t *dnp, int use)
{
	if (dnp->dn_kind == DN_CALL)
		pcb->pcb_actuse = use;
	sema_expr(pcb, dnp);
	pcb->pcb_actuse = DT_ACTUSE_EXPR;
}

/*
 * What an action as an operand of binary operator op is refused as: the
 * type check DTrace makes of the operator's operands, which an action's
 * void fails.
 */
static int
binary_use(int op)
{
	switch (op) {
	case T_PLUS: case T_MINUS:
	case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE: case T_GE:
		return (DT_ACTUSE_INCOMPAT);
	case T_STAR: case T_SLASH:
		return (DT_ACTUSE_ARITH);
	case T_MOD: case T_AND: case T_OR: case T_XOR: case T_LSH: case T_RSH:
		return (DT_ACTUSE_INT);
	default:
		return (DT_ACTUSE_EXPR);
	}
}

/*
 * The left operand of op= reads the variable it writes: DTrace refuses a
 * variable (or associative array) that nothing declared, assigned or
 * read before (D_VAR_UNDEF), where ++ and -- would make a new int64_t.
 */
static void
compound_fresh(dt_pcb_t *pcb, const dt_node_t *lhs, const char *op)
{
	const dt_node_t *v = lhs->dn_kind == DN_INDEX ? lhs->dn_left : lhs;

	if (v->dn_kind != DN_VAR || dt_builtin_lookup(v->dn_str) != NULL ||
	    dt_ident_lookup(pcb->pcb_hdl, v->dn_str) != NULL)
		return;
	dt_cerror(pcb, "D_VAR_UNDEF", v->dn_pos, "%s has not yet been "
	    "declared or assigned (operator %s reads it)", v->dn_str, op);
}

/*
 * What an action as the right operand of op= is refused as: the check
 * DTrace makes of the operator's operands (+= and -= take a pointer of
 * known size on the left, else an integer on both sides).
 */
static int
compound_use(const dt_node_t *dnp)
{
	const dt_type_t *lt = &dnp->dn_left->dn_type;

	switch (dnp->dn_op) {
	case T_MUL_EQ: case T_DIV_EQ:
		return (DT_ACTUSE_ARITH);
	case T_ADD_EQ: case T_SUB_EQ:
		return (lt->ty_kind == DT_TK_PTR && !is_voidptr(*lt) ?
		    DT_ACTUSE_INCOMPAT : DT_ACTUSE_VFPTR);
	default:
		return (DT_ACTUSE_INT);
	}
}

/* An operand of ?:, an action in it refused by operand_action( ). */
static void
sema_deferred(dt_pcb_t *pcb, dt_node_t *dnp)
{
	sema_used(pcb, dnp, DT_ACTUSE_DEFER);
}

/* A checked operand of ?: that is an action: D_OP_ACT (D_OP_DYN). */
static void
operand_action(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	bool dynact;

	if (dnp->dn_kind != DN_CALL || dnp->dn_builtin == NULL ||
	    dnp->dn_builtin->di_type.ty_kind != DT_TK_VOID)
		return;
	dynact = (dt_fn_of(dnp->dn_builtin)->fn_flags & DT_FF_DYNACT) != 0;
	if (!(dynact && pcb->pcb_aggkey))
		action_used(pcb, dnp, DT_ACTUSE_OPERAND, dynact);
}

/*
 * A compound assignment's operands, as DTrace checks them: *= and /=
 * want integers (D_OP_ARITH: D has no other arithmetic type), %= &= |=
 * ^= <<= >>= integers (D_OP_INT); += and -= integers, or a pointer of
 * known size on the left (D_OP_VFPTR) moved by an integer or a pointer
 * of a compatible type (D_OP_INCOMPAT).
 */
static void
compound_operands(dt_pcb_t *pcb, dt_node_t *dnp, const char *op)
{
	const dt_node_t *l = dnp->dn_left, *r = dnp->dn_right;

	switch (dnp->dn_op) {
	case T_ASSIGN:
		return;
	case T_MUL_EQ: case T_DIV_EQ:
		if (!is_int(l) || !is_int(r))
			dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos, "operator %s "
			    "requires operands of arithmetic type", op);
		return;
	case T_ADD_EQ: case T_SUB_EQ:
		if (is_string(l) || is_string(r))
			incompat(pcb, dnp, op);
		if (is_int(l) && is_int(r))
			return;
		if (l->dn_type.ty_kind != DT_TK_PTR)
			dt_cerror(pcb, "D_OP_VFPTR", dnp->dn_pos, "operator %s "
			    "requires left-hand scalar operand of known size",
			    op);
		if (is_voidptr(l->dn_type))
			void_arith(pcb, dnp, op);
		/* a pointer of the same type (or a void one) is taken, as
		   DTrace takes it */
		if (!is_int(r) && (r->dn_type.ty_kind != DT_TK_PTR ||
		    !ptrs_compat(pcb, l, r)))
			incompat(pcb, dnp, op);
		return;
	default:
		if (!is_int(l) || !is_int(r))
			dt_cerror(pcb, "D_OP_INT", dnp->dn_pos, "operator %s "
			    "requires operands of integral type", op);
		return;
	}
}

static void
sema_expr(dt_pcb_t *pcb, dt_node_t *dnp)
{
	unsigned int depth = pcb->pcb_depth;

	dt_depth_enter(pcb, dnp->dn_pos);
	sema_expr_level(pcb, dnp);
	pcb->pcb_depth = depth;
}

static void
sema_expr_level(dt_pcb_t *pcb, dt_node_t *dnp)
{
	const char *op = dt_tok_name(dnp->dn_op);

	switch (dnp->dn_kind) {
	case DN_INT:
		break;
	case DN_STRING:
		dnp->dn_stroff = dnp->dn_value == 1 ?
		    dt_strtab_null(pcb->pcb_hdl) :
		    dt_strtab_insert(pcb->pcb_hdl, dnp->dn_str, dnp->dn_strlen);
		if (dnp->dn_stroff == UINT32_MAX)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		break;
	case DN_VAR:
		sema_var(pcb, dnp);
		break;
	case DN_CALL:
		sema_call(pcb, dnp, false);
		break;
	case DN_UNARY: {
		bool argsdone = false;

		if (dnp->dn_op == T_AND && dnp->dn_left->dn_kind == DN_AGG)
			dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take "
			    "the address of aggregation %s: D variables have "
			    "no address", dnp->dn_left->dn_str);

		if (dnp->dn_op == T_STAR && dnp->dn_left->dn_kind == DN_INDEX &&
		    dnp->dn_left->dn_left->dn_kind == DN_VAR &&
		    strcmp(dnp->dn_left->dn_left->dn_str, "args") == 0) {
			/* *args[N]: a translated argument may be whole */
			sema_args(pcb, dnp->dn_left, true);
			argsdone = true;
		}
		if (dnp->dn_op == T_STAR && xlate_ptr(pcb, dnp->dn_left)) {
			/* *xlate <OUT *> (e), *curpsinfo, *args[N] of a
			   translated argument: the whole struct */
			dt_node_t *x = dnp->dn_left;

			dnp->dn_kind = DN_XLATE;
			dnp->dn_type = x->dn_type;	/* id: the pointee's */
			dnp->dn_type.ty_kind = DT_TK_STRUCT;
			dnp->dn_type.ty_size = 0;
			dnp->dn_left = x->dn_left;
			sema_xlate_whole(pcb, dnp);
			break;
		}
		if (dnp->dn_op == T_AND && dnp->dn_left->dn_kind == DN_INDEX)
			pcb->pcb_addrof = dnp->dn_left;
		if (!argsdone)
			sema_used(pcb, dnp->dn_left, dnp->dn_op == T_PLUS ||
			    dnp->dn_op == T_MINUS ? DT_ACTUSE_ARITH :
			    dnp->dn_op == T_NOT ? DT_ACTUSE_INT :
			    dnp->dn_op == T_LNOT ? DT_ACTUSE_SCALAR :
			    dnp->dn_op == T_STAR ? DT_ACTUSE_DEREF :
			    dnp->dn_op == T_AND ? DT_ACTUSE_ADDROF :
			    dnp->dn_op == T_SIZEOF ? DT_ACTUSE_SIZEOF :
			    DT_ACTUSE_EXPR);
		if (dnp->dn_op == T_SIZEOF) {
			dt_node_t *e = dnp->dn_left;

			if (e->dn_kind == DN_MEMBER && (e->dn_aux >> 8) != 0)
				dt_cerror(pcb, "D_SIZEOF_BITFIELD", dnp->dn_pos,
				    "cannot apply sizeof to a bit-field");
			dnp->dn_kind = DN_INT;
			dnp->dn_value = is_string(e) && e->dn_type.ty_btf == 0 ?
			    pcb->pcb_hdl->dt_opts.op_strsize : e->dn_type.ty_size;
			if (e->dn_type.ty_btf != 0 && e->dn_type.ty_kind !=
			    DT_TK_PTR)
				dnp->dn_value = dt_btf_size(dt_pcb_types(pcb,
				    dnp->dn_pos)->te_btf, e->dn_type.ty_btf);
			if (e->dn_type.ty_kind == DT_TK_VOID)
				dt_cerror(pcb, "D_SIZEOF_TYPE", dnp->dn_pos,
				    "cannot apply sizeof to an expression of "
				    "void type");
			dnp->dn_type = (dt_type_t){ DT_TK_INT, 8, 0, 0 };
			dnp->dn_left = NULL;
			break;
		}
		if (dnp->dn_op == T_AND) {
			sema_addrof(pcb, dnp);
			break;
		}
		if (dnp->dn_op == T_STAR) {
			dt_type_t pt = dnp->dn_left->dn_type;

			if (pt.ty_kind != DT_TK_PTR)
				dt_cerror(pcb, "D_DEREF_NONPTR", dnp->dn_pos,
				    "operator * requires an operand of pointer "
				    "type");
			if (pt.ty_plevel > 0) {
				dnp->dn_type = pt;
				dnp->dn_type.ty_plevel--;
				break;
			}
			if (pt.ty_btf != 0) {
				pointee(pcb, dnp, pt);
				break;
			}
			if (pt.ty_psize == 0)
				dt_cerror(pcb, "D_DEREF_VOID", dnp->dn_pos,
				    "cannot dereference a pointer to void");
			dnp->dn_type = (dt_type_t){ DT_TK_INT, pt.ty_psize,
			    pt.ty_psigned, 0, 0, 0 };
			break;
		}
		if (dnp->dn_op == T_LNOT) {
			if (!is_scalar(dnp->dn_left))
				dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
				    "operator ! requires an operand of scalar "
				    "type");
			dnp->dn_type = t_int;
			break;
		}
		/* D's arithmetic types are its integers (no floating
		   point arithmetic): - and + want one, ~ an integer */
		if (!is_int(dnp->dn_left) && dnp->dn_op != T_NOT)
			dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos,
			    "operator %s requires an operand of arithmetic "
			    "type", op);
		if (!is_int(dnp->dn_left))
			dt_cerror(pcb, "D_OP_INT", dnp->dn_pos,
			    "operator %s requires an operand of integral type",
			    op);
		dnp->dn_type = dnp->dn_left->dn_type;
		/* -10 is a constant where one is needed (lquantize) */
		if (dnp->dn_left->dn_kind == DN_INT && dnp->dn_type.ty_signed &&
		    (dnp->dn_op == T_PLUS || (dnp->dn_op == T_MINUS &&
		    dnp->dn_left->dn_value != INT64_MIN))) {
			dnp->dn_kind = DN_INT;
			dnp->dn_value = dnp->dn_op == T_MINUS ?
			    -dnp->dn_left->dn_value : dnp->dn_left->dn_value;
			dnp->dn_left = NULL;
		}
		break;
	}
	case DN_BINARY: {
		dt_node_t *l = dnp->dn_left, *r = dnp->dn_right;
		int use = binary_use(dnp->dn_op);

		sema_used(pcb, l, use);
		sema_used(pcb, r, use);
		if ((dnp->dn_op == T_SLASH || dnp->dn_op == T_MOD) &&
		    divisor_zero(pcb, r))
			dt_cerror(pcb, "D_DIV_ZERO", r->dn_pos, "expression "
			    "contains %s by zero", dnp->dn_op == T_SLASH ?
			    "division" : "modulus");
		switch (dnp->dn_op) {
		case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE:
		case T_GE:
			/* NULL beside a string is "" (strtok's end) */
			null_as_empty(pcb, l, r);
			null_as_empty(pcb, r, l);
			charptr_as_string(pcb, l, r);
			charptr_as_string(pcb, r, l);
			if (is_string(r))
				char_array_string(pcb, l);
			if (is_string(l))
				char_array_string(pcb, r);
			if (is_string(l) && is_string(r)) {
				dnp->dn_type = t_int;
				break;
			}
			if (r->dn_type.ty_kind == DT_TK_PTR)
				array_decay(pcb, l);
			if (l->dn_type.ty_kind == DT_TK_PTR)
				array_decay(pcb, r);
			if (!is_scalar(l) || !is_scalar(r))
				incompat(pcb, dnp, op);
			/* a pointer compares with a pointer, or with the
			   integer constant 0 (NULL), as DTrace has it */
			if (!ptr_cmp_compat(pcb, l, r) ||
			    !ptr_cmp_compat(pcb, r, l) ||
			    !ptrs_compat(pcb, l, r))
				incompat(pcb, dnp, op);
			dnp->dn_type = t_int;
			break;
		case T_PLUS: case T_MINUS:
			array_decay(pcb, l);	/* a + 1: &a[1] */
			array_decay(pcb, r);
			if (!is_scalar(l) || !is_scalar(r) ||
			    (l->dn_type.ty_kind == DT_TK_PTR &&
			    r->dn_type.ty_kind == DT_TK_PTR &&
			    (dnp->dn_op == T_PLUS || !ptrs_compat(pcb, l, r))))
				incompat(pcb, dnp, op);
			dnp->dn_type = common_type(l->dn_type, r->dn_type);
			if (l->dn_type.ty_kind == DT_TK_PTR)
				dnp->dn_aux = ptr_elem(pcb, dnp, l->dn_type, op);
			else if (r->dn_type.ty_kind == DT_TK_PTR)
				dnp->dn_aux = ptr_elem(pcb, dnp, r->dn_type, op);
			if (l->dn_type.ty_kind == DT_TK_PTR &&
			    r->dn_type.ty_kind == DT_TK_PTR)
				dnp->dn_type = t_long;
			break;
		case T_LSH: case T_RSH:
			if (!is_int(l) || !is_int(r))
				dt_cerror(pcb, "D_OP_INT", dnp->dn_pos,
				    "operator %s requires operands of integral "
				    "type", op);
			dnp->dn_type = l->dn_type;
			break;
		case T_STAR: case T_SLASH:
			if (!is_int(l) || !is_int(r))
				dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos,
				    "operator %s requires operands of arithmetic "
				    "type", op);
			dnp->dn_type = common_type(l->dn_type, r->dn_type);
			break;
		default:
			if (!is_int(l) || !is_int(r))
				dt_cerror(pcb, "D_OP_INT", dnp->dn_pos,
				    "operator %s requires operands of integral "
				    "type", op);
			dnp->dn_type = common_type(l->dn_type, r->dn_type);
		}
		break;
	}
	case DN_LOGICAL:
		sema_used(pcb, dnp->dn_left, DT_ACTUSE_SCALAR);
		sema_used(pcb, dnp->dn_right, DT_ACTUSE_SCALAR);
		if (!is_scalar(dnp->dn_left) || !is_scalar(dnp->dn_right))
			dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
			    "operator %s requires operands of scalar type", op);
		dnp->dn_type = t_int;
		break;
	case DN_TERNARY:
		/* both operands are checked (their arguments' counts) before
		   either is refused for being an action */
		sema_used(pcb, dnp->dn_cond, DT_ACTUSE_SCALAR);
		sema_deferred(pcb, dnp->dn_left);
		sema_deferred(pcb, dnp->dn_right);
		operand_action(pcb, dnp->dn_left);
		operand_action(pcb, dnp->dn_right);
		if (!is_scalar(dnp->dn_cond))
			dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_cond->dn_pos,
			    "operator ?: requires a scalar first operand");
		if (is_string(dnp->dn_left) && is_string(dnp->dn_right)) {
			dnp->dn_type = dnp->dn_left->dn_type;
		} else if (is_scalar(dnp->dn_left) &&
		    is_scalar(dnp->dn_right) &&
		    ptr_cmp_compat(pcb, dnp->dn_left, dnp->dn_right) &&
		    ptr_cmp_compat(pcb, dnp->dn_right, dnp->dn_left) &&
		    ptrs_compat(pcb, dnp->dn_left, dnp->dn_right)) {
			/* integers, or pointers of one type (or NULL) */
			dnp->dn_type = common_type(dnp->dn_left->dn_type,
			    dnp->dn_right->dn_type);
		} else {
			dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos,
			    "operator ?: operands must have compatible types");
		}
		break;
	case DN_ASSIGN: {
		dt_node_t *r = dnp->dn_right;
		dt_type_t ty;
		bool fresh;

		fresh = dnp->dn_left->dn_kind == DN_VAR &&
		    dt_ident_lookup(pcb->pcb_hdl, dnp->dn_left->dn_str) == NULL;
		if (dnp->dn_op != T_ASSIGN) {
			/* op=: the left operand first, then the right as
			   the operator checks it, as DTrace cooks them */
			compound_fresh(pcb, dnp->dn_left, op);
			sema_lvalue(pcb, dnp->dn_left, op, t_long);
			sema_used(pcb, r, compound_use(dnp));
			compound_operands(pcb, dnp, op);
		} else {
			sema_operand(pcb, r);
		}
		if ((dnp->dn_op == T_DIV_EQ || dnp->dn_op == T_MOD_EQ) &&
		    divisor_zero(pcb, r))
			dt_cerror(pcb, "D_DIV_ZERO", r->dn_pos, "expression "
			    "contains %s by zero", dnp->dn_op == T_DIV_EQ ?
			    "division" : "modulus");
		/* a variable created here takes the value's type */
		ty = dnp->dn_op == T_ASSIGN ? r->dn_type : t_long;
		if (dnp->dn_op == T_ASSIGN)
			sema_lvalue(pcb, dnp->dn_left, op, ty);
		if (dnp->dn_left->dn_type.ty_kind == DT_TK_ARRAY && !fresh &&
		    (dnp->dn_left->dn_kind == DN_VAR ||
		    dnp->dn_left->dn_kind == DN_MEMBER))
			dt_cerror(pcb, "D_OP_ARRFUN", dnp->dn_pos, "operator %s "
			    "may not be applied to an array: arrays are not "
			    "assigned whole", op);
		if (dnp->dn_op == T_ASSIGN &&
		    dnp->dn_left->dn_type.ty_kind == DT_TK_PTR)
			array_decay(pcb, r);	/* p = a: &a[0] */
		if (dnp->dn_op == T_ASSIGN) {
			zero_as_empty(pcb, dnp->dn_left, r);
			charptr_as_string(pcb, dnp->dn_left, r);
		}
		if (dnp->dn_op == T_ASSIGN && zero_clears(pcb, dnp->dn_left,
		    r)) {
			/* the code generator deletes or zeroes it */
		} else if (dt_type_isbytes(dnp->dn_left->dn_type) ||
		    dt_type_isbytes(r->dn_type)) {
			/* a struct or array variable: a whole value of its
			   type */
			if (dnp->dn_op != T_ASSIGN ||
			    !dt_type_same(dnp->dn_left->dn_type, r->dn_type))
				incompat(pcb, dnp, op);
			if (dnp->dn_left->dn_ident == NULL)
				/* a member's: the bytes the code generator
				   copies */
				dnp->dn_aux = (uint64_t)dt_btf_size(
				    dt_pcb_types(pcb, dnp->dn_pos)->te_btf,
				    dnp->dn_left->dn_type.ty_btf);
		} else if (dnp->dn_op == T_ASSIGN && is_string(r) &&
		    is_charptr(dnp->dn_left->dn_type)) {
			/* a char * takes a string's address, as in DTrace */
		} else if (is_string(dnp->dn_left) != is_string(r) ||
		    (is_string(r) && dnp->dn_op != T_ASSIGN) ||
		    (!is_string(r) && !is_scalar(r)) ||
		    (dnp->dn_op == T_ASSIGN &&
		    (!ptr_int_compat(pcb, dnp->dn_left, r) ||
		    !ptrs_compat(pcb, dnp->dn_left, r))))
			incompat(pcb, dnp, op);
		if (dnp->dn_left->dn_type.ty_kind == DT_TK_STRING &&
		    dnp->dn_left->dn_type.ty_btf != 0)
			/* a string member of a D variable: its char array's
			   size bounds the copy, NUL included */
			dnp->dn_aux = (uint64_t)dt_btf_size(
			    dt_pcb_types(pcb, dnp->dn_pos)->te_btf,
			    dnp->dn_left->dn_type.ty_btf);
		compound_operands(pcb, dnp, op);
		dnp->dn_type = dnp->dn_left->dn_type;
		if (dnp->dn_type.ty_kind == DT_TK_PTR &&
		    (dnp->dn_op == T_ADD_EQ || dnp->dn_op == T_SUB_EQ))
			dnp->dn_aux = ptr_elem(pcb, dnp, dnp->dn_type, op);
		break;
	}
	case DN_INCDEC:
		if (dnp->dn_left->dn_kind == DN_CALL) {
			/* a call's value: a scalar (an action's void is
			   not), then no lvalue, in DTrace's order */
			sema_used(pcb, dnp->dn_left, DT_ACTUSE_SCALAR);
			if (!is_scalar(dnp->dn_left))
				dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
				    "operator %s requires an operand of "
				    "scalar type", op);
			dt_cerror(pcb, "D_OP_LVAL", dnp->dn_pos, "operator %s "
			    "requires modifiable lvalue as an operand", op);
		}
		sema_lvalue(pcb, dnp->dn_left, op, t_long);
		if (!is_scalar(dnp->dn_left))
			dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
			    "operator %s requires an operand of scalar type",
			    op);
		dnp->dn_type = dnp->dn_left->dn_type;
		if (dnp->dn_type.ty_kind == DT_TK_PTR)
			dnp->dn_aux = ptr_elem(pcb, dnp, dnp->dn_type, op);
		break;
	case DN_CAST: {
		bool typed = false;	/* dn_left has been through sema */

		/* args[N] may be translated (proc:::create's psinfo_t *) */
		if (dnp->dn_left->dn_kind == DN_INDEX &&
		    dnp->dn_left->dn_left->dn_kind == DN_VAR &&
		    strcmp(dnp->dn_left->dn_left->dn_str, "args") == 0) {
			sema_args(pcb, dnp->dn_left, true);
			typed = dnp->dn_left->dn_kind != DN_XLATE;
		}
		/* a translated struct's pointer has no address to cast */
		if (is_xlate_ptr(pcb, dnp->dn_left))
			dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos, "invalid "
			    "cast expression: a pointer to a translated struct "
			    "cannot be cast");
		if (!typed)
			sema_used(pcb, dnp->dn_left, dnp->dn_type.ty_kind ==
			    DT_TK_VOID ? DT_ACTUSE_EXPR : DT_ACTUSE_CAST);
		if (dnp->dn_type.ty_kind == DT_TK_VOID)
			break;
		if (dnp->dn_type.ty_kind == DT_TK_STRING &&
		    dnp->dn_type.ty_btf == 0 && is_scalar(dnp->dn_left)) {
			/* (string) e of an integer or a pointer means
			   stringof(e), as DTrace documents */
			const dt_ident_t *so = dt_builtin_lookup("stringof");

			if ((dnp->dn_str = strdup("stringof")) == NULL)
				dt_cerror(pcb, "D_NOMEM", dnp->dn_pos,
				    "out of memory");
			dnp->dn_kind = DN_CALL;
			dnp->dn_args = dnp->dn_left;
			dnp->dn_left = NULL;
			dnp->dn_builtin = so;
			dnp->dn_type = so->di_type;
			break;
		}
		if (cast_identity(pcb, dnp->dn_type, dnp->dn_left->dn_type,
		    dnp->dn_pos)) {
			/* (struct s)v of a struct s: v itself */
			replace_node(dnp, dnp->dn_left);
			break;
		}
		if (dnp->dn_type.ty_kind == DT_TK_PTR ||
		    dnp->dn_type.ty_kind == DT_TK_INT)
			array_decay(pcb, dnp->dn_left);	/* (int *)a */
		if (dnp->dn_type.ty_kind == DT_TK_STRUCT ||
		    dnp->dn_type.ty_kind == DT_TK_ARRAY ||
		    dnp->dn_type.ty_kind == DT_TK_FLOAT ||
		    (dnp->dn_type.ty_kind == DT_TK_STRING &&
		    dnp->dn_type.ty_btf != 0)) {
			char b1[256];

			dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos,
			    "invalid cast expression: cannot cast to \"%s\"",
			    tname(pcb, dnp->dn_type, b1, sizeof (b1)));
		}
		if (dnp->dn_type.ty_kind == DT_TK_PTR &&
		    dnp->dn_left->dn_type.ty_kind == DT_TK_ARRAY)
			break;	/* an array is its address, as in C */
		/* (char *)curlwpsinfo->pr_name: the address of the
		   characters, as of the char array DTrace has there */
		if (dnp->dn_type.ty_kind == DT_TK_PTR &&
		    is_xlate_chars(dnp->dn_left))
			break;
		if (is_string(dnp->dn_left) != (dnp->dn_type.ty_kind ==
		    DT_TK_STRING) || !(is_scalar(dnp->dn_left) ||
		    is_string(dnp->dn_left))) {
			char b1[256], b2[256];

			dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos,
			    "invalid cast expression: \"%s\" to \"%s\"",
			    tname(pcb, dnp->dn_left->dn_type, b1, sizeof (b1)),
			    tname(pcb, dnp->dn_type, b2, sizeof (b2)));
		}
		break;
	}
	case DN_COMMA:
		sema_operand(pcb, dnp->dn_left);
		sema_operand(pcb, dnp->dn_right);
		dnp->dn_type = dnp->dn_right->dn_type;
		break;
	case DN_MEMBER:
		sema_member(pcb, dnp);
		break;
	case DN_AGG: {
		agg_mdim(pcb, dnp);
		/*
		 * An aggregation has no value a D expression can read: one
		 * never defined is unknown, as a variable would be; a key
		 * must be a value (D_KEY_TYPE).
		 */
		const dt_ident_t *idp = dt_ident_lookup(pcb->pcb_hdl,
		    dnp->dn_str);

		if (idp == NULL || idp->di_kind != DT_IDENT_AGG)
			dt_cerror(pcb, "D_IDENT_UNDEF", dnp->dn_pos, "failed "
			    "to resolve %s: Unknown variable name",
			    dnp->dn_str);
		if (pcb->pcb_actuse == DT_ACTUSE_KEY)
			dt_cerror(pcb, "D_KEY_TYPE", dnp->dn_pos, "aggregation "
			    "%s cannot be a key: a key is a value, and an "
			    "aggregation has none in a D expression",
			    dnp->dn_str);
		dt_cerror(pcb, "D_AGG_SCALAR", dnp->dn_pos, "aggregation %s "
		    "cannot be used in an expression", dnp->dn_str);
	}
	case DN_INDEX:
		sema_index(pcb, dnp);
		break;
	case DN_XLATE:
		if (dnp->dn_type.ty_kind != DT_TK_STRUCT)
			dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "a "
			    "pointer to a translated struct can only be the "
			    "operand of -> or * yet");
		sema_xlate_whole(pcb, dnp);
		break;
	default:
		dt_cerror(pcb, "D_SYNTAX", dnp->dn_pos, "unexpected node");
	}
}

/* Append a record of the given kind and size to the clause's layout. */
static dt_datarec_t *
add_rec(dt_pcb_t *pcb, dt_clause_t *dcp, dtrace_actkind_t kind, uint32_t size,
    dt_srcpos_t pos)
{
	dt_datarec_t *r = realloc(dcp->dc_recs, (dcp->dc_nrecs + 1) *
	    sizeof (dt_datarec_t));

	if (r == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dcp->dc_recs = r;
	r = &dcp->dc_recs[dcp->dc_nrecs++];
	memset(r, 0, sizeof (*r));
	r->dr_kind = kind;
	r->dr_offset = dcp->dc_recsize;
	r->dr_size = size;
	dcp->dc_recsize += (size + 7) & ~7U;
	return (r);
}

static uint32_t
value_size(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	if (dnp->dn_type.ty_kind == DT_TK_FLOAT)	/* its bytes */
		return (dnp->dn_type.ty_size);
	return (is_string(dnp) ? dt_strbuf(pcb->pcb_hdl) : 8);
}

/*
 * The bytes of a struct, union or array value (its type's size), which
 * trace() records; more than fits a record is refused.
 */
static uint32_t
object_bytes(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	const struct btf *btf = dt_pcb_types(pcb, dnp->dn_pos)->te_btf;
	int64_t size = dnp->dn_type.ty_kind == DT_TK_FLOAT ?
	    dnp->dn_type.ty_size : dt_btf_size(btf, dnp->dn_type.ty_btf);
	char buf[256];

	if (size <= 0 || size > DT_PRINT_MAX)
		dt_cerror(pcb, "D_TRACE_TYPE", dnp->dn_pos, "trace( ) of %s: "
		    "%lld bytes, a record holds 1 to %d", tname(pcb,
		    dnp->dn_type, buf, sizeof (buf)), (long long)size,
		    DT_PRINT_MAX);
	return ((uint32_t)size);
}

/*
 * print(e)'s record.  A struct, union or array, or a pointer to a type
 * with a size, is recorded as bytes (at most printsize of them; for a
 * pointer its address first) and shown by the consumer through its BTF
 * type; anything else is recorded as trace() records it and shown with
 * its type's name.
 */
static void
sema_print_rec(dt_pcb_t *pcb, dt_clause_t *dcp, const dt_node_t *e)
{
	const dt_node_t *a = e->dn_args;
	dt_type_t t = a->dn_type;
	dt_tentry_t *te = NULL;
	uint32_t id = 0;
	int64_t size = 0;
	dt_datarec_t *r;
	char buf[256];

	if (t.ty_btf != 0 && (t.ty_kind == DT_TK_STRUCT ||
	    t.ty_kind == DT_TK_ARRAY)) {
		te = dt_pcb_types(pcb, a->dn_pos);
		id = t.ty_btf;
		size = dt_btf_size(te->te_btf, id);
	} else if (t.ty_kind == DT_TK_PTR) {
		id = print_pointee(pcb, t, a->dn_pos, &te);
		if (id != 0)
			size = dt_btf_size(te->te_btf, id);
		if (size <= 0)
			id = 0;		/* a module's pointer: the address */
	}
	if (id == 0) {
		r = add_rec(pcb, dcp, DTRACEACT_PRINT, value_size(pcb, a),
		    e->dn_pos);
	} else {
		/* printsize may change while tracing (setopt()): the
		   record holds at least its default's worth */
		if (size > pcb->pcb_hdl->dt_opts.op_printsize &&
		    size > DT_PRINT_RECMIN)
			size = pcb->pcb_hdl->dt_opts.op_printsize >
			    DT_PRINT_RECMIN ? pcb->pcb_hdl->dt_opts.op_printsize :
			    DT_PRINT_RECMIN;
		r = add_rec(pcb, dcp, DTRACEACT_PRINT, 8U + (uint32_t)size,
		    e->dn_pos);
		r->dr_btf = id;
		r->dr_ptr = t.ty_kind == DT_TK_PTR;
		r->dr_te = te;
	}
	r->dr_type = t;
	if ((r->dr_tname = strdup(tname(pcb, t, buf, sizeof (buf)))) == NULL)
		dt_cerror(pcb, "D_NOMEM", e->dn_pos, "out of memory");
	dcp->dc_records = true;
}

/* Histogram buckets: quantize's powers of two, lquantize's steps. */
#define DT_QUANTIZE_BUCKETS	127	/* -2^62 .. -1, 0, 1 .. 2^62 */

/*
 * A parameter of lquantize() or llquantize() (n: 1 for the first after
 * the value) that is not a constant, or (match) that differs from the
 * aggregation's earlier use.
 */
static void __attribute__((noreturn))
quant_param_error(dt_pcb_t *pcb, const dt_node_t *call, int id, int n,
    dt_srcpos_t pos, bool match)
{
	static const char *const names[2][4] = {
		{ "base", "limit", "step", "" },
		{ "factor", "low magnitude", "high magnitude", "steps" } };
	const char *what = names[id == DT_FN_LLQUANTIZE][n - 1];
	const char *fmt = match ? "%s( ) argument #%d (%s) differs from the "
	    "aggregation's earlier use" : "%s( ) argument #%d (%s) must be "
	    "an integer constant";

	if (id == DT_FN_LQUANTIZE && match) {
		if (n == 1)
			dt_cerror(pcb, "D_LQUANT_MATCHBASE", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 2)
			dt_cerror(pcb, "D_LQUANT_MATCHLIM", pos, fmt,
			    call->dn_str, n + 1, what);
		dt_cerror(pcb, "D_LQUANT_MATCHSTEP", pos, fmt, call->dn_str,
		    n + 1, what);
	}
	if (id == DT_FN_LQUANTIZE) {
		if (n == 1)
			dt_cerror(pcb, "D_LQUANT_BASETYPE", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 2)
			dt_cerror(pcb, "D_LQUANT_LIMTYPE", pos, fmt,
			    call->dn_str, n + 1, what);
		dt_cerror(pcb, "D_LQUANT_STEPTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	}
	if (match) {
		if (n == 1)
			dt_cerror(pcb, "D_LLQUANT_MATCHFACTOR", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 2)
			dt_cerror(pcb, "D_LLQUANT_MATCHLMAG", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 3)
			dt_cerror(pcb, "D_LLQUANT_MATCHHMAG", pos, fmt,
			    call->dn_str, n + 1, what);
		dt_cerror(pcb, "D_LLQUANT_MATCHSTEPS", pos, fmt, call->dn_str,
		    n + 1, what);
	}
	if (n == 1)
		dt_cerror(pcb, "D_LLQUANT_FACTORTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	if (n == 2)
		dt_cerror(pcb, "D_LLQUANT_LMAGTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	if (n == 3)
		dt_cerror(pcb, "D_LLQUANT_HMAGTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	dt_cerror(pcb, "D_LLQUANT_STEPTYPE", pos, fmt, call->dn_str, n + 1,
	    what);
}

/*
 * @name[keys] = f(args): the aggregation is declared by its first use;
 * later uses must agree on the function, its parameters and the keys.
 */
static void
sema_aggstmt(dt_pcb_t *pcb, dt_node_t *asg)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_node_t *agg = asg->dn_left, *call = asg->dn_right, *a;
	const dt_ident_t *fn;
	dt_ident_t *idp;
	int nargs = 0, id, want, extra;
	int64_t params[4] = { 0, 0, 1, 1 };
	unsigned int nkeys = 0, i = 0;
	uint32_t valsize, nbuckets = 0;

	agg_mdim(pcb, agg);
	if (asg->dn_op != T_ASSIGN)
		dt_cerror(pcb, "D_AGG_FUNC", asg->dn_pos, "operator %s cannot "
		    "be applied to an aggregation", dt_tok_name(asg->dn_op));
	if (call->dn_kind == DN_CALL && dt_builtin_lookup(call->dn_str) ==
	    NULL && dt_ident_lookup(dtp, call->dn_str) == NULL)
		dt_cerror(pcb, "D_FUNC_UNDEF", call->dn_pos, "undefined "
		    "function name: %s", call->dn_str);
	if (call->dn_kind != DN_CALL || (fn = dt_builtin_lookup(
	    call->dn_str)) == NULL || fn->di_kind != DT_IDENT_FUNC ||
	    dt_fn_of(fn)->fn_kind != DT_FK_AGG)
		dt_cerror(pcb, "D_AGG_FUNC", call->dn_pos, "%s may only be "
		    "assigned the result of an aggregating function",
		    agg->dn_str);
	id = fn->di_id;
	call->dn_builtin = fn;
	for (a = call->dn_args; a != NULL; a = a->dn_list) {
		sema_expr(pcb, a);
		if (!is_scalar(a) && nargs == 0)
			dt_cerror(pcb, "D_AGG_SCALAR", a->dn_pos, "%s( ) "
			    "argument #1 must be of scalar type",
			    call->dn_str);
		if (!is_scalar(a))
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) "
			    "argument #%d must be an integer", call->dn_str,
			    nargs + 1);
		if ((id == DT_FN_LQUANTIZE || id == DT_FN_LLQUANTIZE) &&
		    nargs > 0 && nargs <= (id == DT_FN_LQUANTIZE ? 3 : 4)) {
			/* a constant: an integer, an inline of one, an
			   expression of them */
			int64_t v;
			dt_type_t vt;

			if (!fold_int(pcb, a, &v, &vt))
				quant_param_error(pcb, call, id, nargs,
				    a->dn_pos, false);
			params[nargs - 1] = v;
		}
		nargs++;
	}
	/* optional: lquantize's step, llquantize's steps, then the
	   histograms' increment, last: quantize(v, 3) */
	want = id == DT_FN_COUNT ? 0 : id == DT_FN_LQUANTIZE ? 3 :
	    id == DT_FN_LLQUANTIZE ? 4 : 1;
	extra = id == DT_FN_QUANTIZE ? 1 : id == DT_FN_LQUANTIZE ||
	    id == DT_FN_LLQUANTIZE ? 2 : 0;
	proto_len(pcb, call->dn_pos, call->dn_str, nargs, want,
	    want + extra);
	if (id == DT_FN_LQUANTIZE) {
		if (params[0] < INT32_MIN || params[0] > INT32_MAX)
			dt_cerror(pcb, "D_LQUANT_BASEVAL", call->dn_pos,
			    "lquantize( ) argument #2 (base) must be a 32-bit "
			    "quantity");
		if (params[1] < INT32_MIN || params[1] > INT32_MAX)
			dt_cerror(pcb, "D_LQUANT_LIMVAL", call->dn_pos,
			    "lquantize( ) argument #3 (limit) must be a 32-bit "
			    "quantity");
		if (params[1] <= params[0])
			dt_cerror(pcb, "D_LQUANT_MISMATCH", call->dn_pos,
			    "lquantize( ) base (argument #2) must be less than "
			    "limit (argument #3)");
		if (params[2] <= 0 || params[2] > UINT16_MAX)
			dt_cerror(pcb, "D_LQUANT_STEPVAL", call->dn_pos,
			    "lquantize( ) argument #4 (step) must be a "
			    "positive integer of 16 bits");
		if (params[2] > params[1] - params[0])
			dt_cerror(pcb, "D_LQUANT_STEPLARGE", call->dn_pos,
			    "lquantize( ) step (argument #4) is larger than "
			    "limit - base");
		if ((params[1] - params[0]) / params[2] > 4000)
			dt_cerror(pcb, "D_LQUANT_STEPSMALL", call->dn_pos,
			    "lquantize( ) step (argument #4) is too small: "
			    "more than 4000 buckets");
		/* a step that does not divide limit - base: the last
		   bucket starts where the last whole step ends */
		params[1] = params[0] + (params[1] - params[0]) / params[2] *
		    params[2];
		nbuckets = (uint32_t)((params[1] - params[0]) / params[2]) + 2;
	} else if (id == DT_FN_QUANTIZE) {
		nbuckets = DT_QUANTIZE_BUCKETS;
	} else if (id == DT_FN_LLQUANTIZE) {
		/* factor, low, high, steps */
		int64_t top = 1, lowtop = params[0];

		if (params[0] < 2 || params[0] > UINT16_MAX)
			dt_cerror(pcb, "D_LLQUANT_FACTORVAL", call->dn_pos,
			    "llquantize( ) argument #2 (factor) must be an "
			    "integer from 2 to 65535");
		if (params[1] < 0 || params[1] > UINT16_MAX)
			dt_cerror(pcb, "D_LLQUANT_LMAGVAL", call->dn_pos,
			    "llquantize( ) argument #3 (low magnitude) must "
			    "be a non-negative 16-bit integer");
		if (params[2] < params[1] || params[2] > UINT16_MAX)
			dt_cerror(pcb, "D_LLQUANT_HMAGVAL", call->dn_pos,
			    "llquantize( ) argument #4 (high magnitude) must "
			    "be at least the low magnitude");
		for (int64_t m = 0; m <= params[2]; m++) {
			if (top > INT64_MAX / params[0])
				dt_cerror(pcb, "D_LLQUANT_HMAGVAL",
				    call->dn_pos, "llquantize( ) factor "
				    "(argument #2) raised to the high magnitude "
				    "(argument #4) + 1 overflows 64 bits");
			top *= params[0];
			if (m < params[1])
				lowtop *= params[0];
		}
		if (params[3] < 1)
			dt_cerror(pcb, "D_LLQUANT_STEPTYPE", call->dn_pos,
			    "llquantize( ) argument #5 (steps) must be a "
			    "positive integer constant");
		/*
		 * More steps than the factor: above the low magnitude's
		 * first, the steps of a magnitude must divide its range,
		 * factor^(low + 1), as DTrace requires.
		 */
		if (params[3] > params[0] && params[1] > 0 &&
		    lowtop % params[3] != 0)
			dt_cerror(pcb, "D_LLQUANT_STEPVAL", call->dn_pos,
			    "llquantize( ) argument #5 (steps) must divide "
			    "the factor raised to the low magnitude + 1 "
			    "(%lld)", (long long)lowtop);
		if (params[3] > UINT16_MAX ||
		    (params[3] < params[0] && params[0] % params[3] != 0) ||
		    (params[3] > params[0] && params[3] % params[0] != 0))
			dt_cerror(pcb, "D_LLQUANT_STEPVAL", call->dn_pos,
			    "llquantize( ) argument #5 (steps) must be a "
			    "positive integer dividing the factor, or a "
			    "multiple of it");
		nbuckets = dt_llq_nbuckets(params);
		if (nbuckets > 4000)
			dt_cerror(pcb, "D_LLQUANT_STEPVAL", call->dn_pos,
			    "llquantize( ) makes %u buckets, more than 4000",
			    nbuckets);
	}
	/* stddev: count, sum, and the sum of squares in 128 bits */
	valsize = nbuckets > 0 ? nbuckets * 8 : id == DT_FN_STDDEV ? 32 :
	    id == DT_FN_AVG || id == DT_FN_MIN || id == DT_FN_MAX ? 16 : 8;
	if (agg->dn_right != NULL) {
		pcb->pcb_aggkey = true;	/* stack() may be a key */
		nkeys = assoc_keys(pcb, agg, false);
		pcb->pcb_aggkey = false;
	}

	idp = dt_ident_lookup(dtp, agg->dn_str);
	if (idp == NULL) {
		if ((idp = dt_ident_create(dtp, agg->dn_str, DT_IDENT_AGG)) ==
		    NULL)
			dt_cerror(pcb, "D_NOMEM", agg->dn_pos, "out of memory");
		idp->di_defined = true;
		idp->di_aggfn = id;
		memcpy(idp->di_aggarg, params, sizeof (params));
		idp->di_nbuckets = nbuckets;
		idp->di_nkeys = nkeys;
		for (a = agg->dn_args; a != NULL; a = a->dn_list, i++)
			idp->di_keys[i] = a->dn_type;
		key_layout(pcb, idp, agg->dn_args, 0);
		if (nkeys == 0) {
			idp->di_keysize = 4;	/* a per-CPU array, index 0 */
			valsize += 8;		/* and a word: it was updated */
		}
		idp->di_valsize = valsize;
		if (idp->di_keysize > DT_MAXKEYSIZE)
			dt_cerror(pcb, "D_ARR_KEYSIZE", agg->dn_pos, "key of %s "
			    "is %u bytes, more than %d", agg->dn_str,
			    idp->di_keysize, DT_MAXKEYSIZE);
		if (dt_varmap_add(dtp, idp) < 0)
			dt_cerror(pcb, "D_NOMEM", agg->dn_pos, "out of memory");
	} else if (idp->di_kind != DT_IDENT_AGG) {
		dt_cerror(pcb, "D_AGG_REDEF", agg->dn_pos, "aggregation "
		    "redefined: %s is used with another function",
		    agg->dn_str);
	} else {
		/*
		 * As DTrace checks a use: its keys against the first use's
		 * (as an associative array's, D_PROTO_LEN and D_PROTO_ARG),
		 * then its function, then the function's parameters.
		 */
		if (idp->di_nkeys != nkeys)
			dt_cerror(pcb, "D_PROTO_LEN", agg->dn_pos, "%s[ ] "
			    "prototype mismatch: %u key%s passed, %u "
			    "expected", agg->dn_str, nkeys, nkeys == 1 ? "" :
			    "s", idp->di_nkeys);
		for (a = agg->dn_args; a != NULL; a = a->dn_list, i++) {
			if (!key_same(a->dn_type, idp->di_keys[i]))
				dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
				    "%s[ ] key #%u is incompatible with its "
				    "prototype: %s expected", agg->dn_str,
				    i + 1, key_kind(idp->di_keys[i]));
			key_fits(pcb, idp, i, a, agg->dn_str);
		}
		if (idp->di_aggfn != id)
			dt_cerror(pcb, "D_AGG_REDEF", agg->dn_pos,
			    "aggregation redefined: %s is used with another "
			    "function", agg->dn_str);
		if (memcmp(idp->di_aggarg, params, sizeof (params)) != 0) {
			/* the parameter that differs first */
			int k = 0;

			while (k < 3 && idp->di_aggarg[k] == params[k])
				k++;
			quant_param_error(pcb, call, id, k + 1, call->dn_pos,
			    true);
		}
	}
	agg->dn_ident = idp;
	asg->dn_type = t_int;
}

/* The errors of the aggregation actions, each with its function's tag. */
enum { AGGACT_PROTO, AGGACT_AGGARG, AGGACT_AGGBAD, AGGACT_SCALAR };

static void __attribute__((noreturn))
aggact_error(dt_pcb_t *pcb, int id, int what, dt_srcpos_t pos,
    const char *msg)
{
	switch (id * 4 + what) {
	case DT_FN_CLEAR * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_CLEAR_AGGARG", pos, "%s", msg);
	case DT_FN_CLEAR * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_CLEAR_AGGBAD", pos, "%s", msg);
	case DT_FN_TRUNC * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_TRUNC_AGGARG", pos, "%s", msg);
	case DT_FN_TRUNC * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_TRUNC_AGGBAD", pos, "%s", msg);
	case DT_FN_TRUNC * 4 + AGGACT_SCALAR:
		dt_cerror(pcb, "D_TRUNC_SCALAR", pos, "%s", msg);
	case DT_FN_PRINTA * 4 + AGGACT_PROTO:
		dt_cerror(pcb, "D_PRINTA_PROTO", pos, "%s", msg);
	case DT_FN_PRINTA * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_PRINTA_AGGARG", pos, "%s", msg);
	case DT_FN_PRINTA * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_PRINTA_AGGBAD", pos, "%s", msg);
	case DT_FN_NORMALIZE * 4 + AGGACT_SCALAR:
		dt_cerror(pcb, "D_NORMALIZE_SCALAR", pos, "%s", msg);
	case DT_FN_NORMALIZE * 4 + AGGACT_AGGARG:
	case DT_FN_DENORMALIZE * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_NORMALIZE_AGGARG", pos, "%s", msg);
	case DT_FN_NORMALIZE * 4 + AGGACT_AGGBAD:
	case DT_FN_DENORMALIZE * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_NORMALIZE_AGGBAD", pos, "%s", msg);
	default:	/* argument counts are checked before (proto_len()) */
		dt_cerror(pcb, "D_PROTO_LEN", pos, "%s", msg);
	}
}

/*
 * printa(format, @a, @b...) and printa(@a, @b...): the format's plain
 * conversions take the key components, its %@ conversions the
 * aggregations' values in turn (those past the last aggregation take
 * the last one's again); without a format each key's line shows every
 * aggregation's value.  The aggregations must have as many keys
 * (D_PRINTA_AGGKEY), of the same types (D_PRINTA_AGGPROTO).
 */
static void
sema_printa_multi(dt_pcb_t *pcb, dt_clause_t *dcp, dt_node_t *call)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_node_t *fmt = call->dn_args->dn_kind == DN_STRING ?
	    call->dn_args : NULL;
	dt_node_t *list = fmt != NULL ? fmt->dn_list : call->dn_args;
	dt_node_t *keys = NULL, **tail = &keys;
	const dt_ident_t **aggs;
	const dt_ident_t *first = NULL;
	unsigned int naggs = 0, i = 0;
	dt_datarec_t *r;
	int nconv = 0;

	for (dt_node_t *a = list; a != NULL; a = a->dn_list)
		naggs++;
	if (naggs == 0)
		aggact_error(pcb, DT_FN_PRINTA, AGGACT_PROTO, call->dn_pos,
		    "printa( ) prototype mismatch: an aggregation must follow "
		    "the format");
	if ((aggs = calloc(naggs, sizeof (*aggs))) == NULL)
		dt_cerror(pcb, "D_NOMEM", call->dn_pos, "out of memory");
	for (dt_node_t *a = list; a != NULL; a = a->dn_list, i++) {
		const dt_ident_t *idp;

		if (a->dn_kind != DN_AGG || a->dn_right != NULL) {
			free(aggs);
			aggact_error(pcb, DT_FN_PRINTA, AGGACT_AGGARG,
			    a->dn_pos, "printa( ) argument is incompatible "
			    "with prototype: an aggregation without keys is "
			    "required");
		}
		if ((idp = dt_ident_lookup(dtp, a->dn_str)) == NULL ||
		    idp->di_kind != DT_IDENT_AGG) {
			free(aggs);
			aggact_error(pcb, DT_FN_PRINTA, AGGACT_AGGBAD,
			    a->dn_pos, "printa( ) aggregation is not defined "
			    "before it is printed");
		}
		if (first != NULL && idp->di_nkeys != first->di_nkeys) {
			free(aggs);
			dt_cerror(pcb, "D_PRINTA_AGGKEY", a->dn_pos, "printa( ) "
			    "aggregation #%u is incompatible with aggregation "
			    "#1: %s has %u key%s, %s %u", i + 1, idp->di_name,
			    idp->di_nkeys, idp->di_nkeys == 1 ? "" : "s",
			    first->di_name, first->di_nkeys);
		}
		for (unsigned int k = 0; first != NULL &&
		    k < idp->di_nkeys; k++) {
			if (memcmp(&idp->di_keys[k], &first->di_keys[k],
			    sizeof (dt_type_t)) == 0)
				continue;
			free(aggs);
			dt_cerror(pcb, "D_PRINTA_AGGPROTO", a->dn_pos,
			    "printa( ) aggregation #%u is incompatible with "
			    "aggregation #1: key #%u of %s is of another type "
			    "than that of %s", i + 1, k + 1, idp->di_name,
			    first->di_name);
		}
		if (first == NULL)
			first = idp;
		aggs[i] = idp;
	}
	list->dn_ident = (dt_ident_t *)first;
	r = add_rec(pcb, dcp, DTRACEACT_PRINTA, 16, call->dn_pos);
	r->dr_type = t_long;
	r->dr_aggs = aggs;
	r->dr_naggs = naggs;
	dcp->dc_records = true;
	if (fmt == NULL)
		return;
	/* the keys, as typed nodes for the format's checks */
	for (unsigned int k = 0; k < first->di_nkeys; k++) {
		*tail = dt_node_new(pcb, DN_VAR, call->dn_pos);
		(*tail)->dn_type = first->di_keys[k];
		tail = &(*tail)->dn_list;
	}
	r->dr_pfmt = dt_printa_parse(dtp, fmt->dn_str, keys, &nconv);
	if (r->dr_pfmt == NULL)
		dt_cerror(pcb, pcb->pcb_hdl->dt_errtag, fmt->dn_pos, "%s",
		    dtp->dt_errmsg);
}

/*
 * printa(@a), clear(@a), trunc(@a [, n]), normalize(@a, n),
 * denormalize(@a): a record naming the map (and n).
 */
static void
sema_aggact(dt_pcb_t *pcb, dt_clause_t *dcp, dt_node_t *call)
{
	int id = call->dn_builtin->di_id;
	dt_node_t *agg = call->dn_args;
	dt_ident_t *idp;
	dt_datarec_t *r;
	char msg[256];
	int nargs = 0;

	for (dt_node_t *a = call->dn_args; a != NULL; a = a->dn_list)
		nargs++;
	if (id == DT_FN_PRINTA && agg != NULL && (agg->dn_kind == DN_STRING ||
	    (agg->dn_kind == DN_AGG && nargs > 1))) {
		sema_printa_multi(pcb, dcp, call);
		return;
	}
	/* as DTrace's prototypes give them: D_PROTO_LEN */
	proto_len(pcb, call->dn_pos, call->dn_str, nargs,
	    id == DT_FN_NORMALIZE ? 2 : 1,
	    id == DT_FN_TRUNC || id == DT_FN_NORMALIZE ? 2 : 1);
	if (agg->dn_kind != DN_AGG || agg->dn_right != NULL) {
		snprintf(msg, sizeof (msg), "%s( ) argument #1 is "
		    "incompatible with prototype: an aggregation without keys "
		    "is required", call->dn_str);
		aggact_error(pcb, id, AGGACT_AGGARG, agg->dn_pos, msg);
	}
	if ((idp = dt_ident_lookup(pcb->pcb_hdl, agg->dn_str)) == NULL ||
	    idp->di_kind != DT_IDENT_AGG) {
		snprintf(msg, sizeof (msg), "%s( ) aggregation %s is not "
		    "defined before it is used", call->dn_str, agg->dn_str);
		aggact_error(pcb, id, AGGACT_AGGBAD, agg->dn_pos, msg);
	}
	agg->dn_ident = idp;
	if (nargs == 2) {
		sema_expr(pcb, agg->dn_list);
		if (!is_int(agg->dn_list)) {
			snprintf(msg, sizeof (msg), "%s( ) argument #2 must "
			    "be of scalar (integer) type", call->dn_str);
			aggact_error(pcb, id, AGGACT_SCALAR,
			    agg->dn_list->dn_pos, msg);
		}
	}
	r = add_rec(pcb, dcp, id == DT_FN_PRINTA ? DTRACEACT_PRINTA :
	    id == DT_FN_CLEAR ? DTRACEACT_CLEAR : id == DT_FN_TRUNC ?
	    DTRACEACT_TRUNC : DTRACEACT_NORMALIZE, 16, call->dn_pos);
	r->dr_type = t_long;
	dcp->dc_records = true;
}

/*
 * DTrace's rules for the actions of a clause that speculates or commits:
 * speculate() comes before any data is recorded or aggregated (so that
 * the whole record is speculative) and once; commit() records nothing, so
 * nothing is recorded or aggregated before it in its clause, and nothing
 * recorded or aggregated after it, but a clause may commit several
 * speculations (DTrace for Linux took back illumos's D_COMM_COMM); no
 * exit() and no aggregation in a speculative clause.  Every other action
 * counts as recording data, destructive ones too, as DTrace counts them.
 * discard() has no rule.
 */
static void
sema_order(dt_pcb_t *pcb, dt_clause_t *dcp, const dt_node_t *e, int what)
{
	switch (what) {
	case DT_FN_SPECULATE:
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_SPEC_SPEC", e->dn_pos, "speculate( ) "
			    "may not follow speculate( )");
		if (dcp->dc_comm)
			dt_cerror(pcb, "D_SPEC_COMM", e->dn_pos, "speculate( ) "
			    "may not follow commit( )");
		if (dcp->dc_drec)
			dt_cerror(pcb, "D_SPEC_DREC", e->dn_pos, "speculate( ) "
			    "may not follow data-recording action(s)");
		dcp->dc_spec = true;
		return;
	case DT_FN_COMMIT:
		if (dcp->dc_drec)
			dt_cerror(pcb, "D_COMM_DREC", e->dn_pos, "commit( ) "
			    "may not follow data-recording action(s)");
		dcp->dc_comm = true;
		return;
	case DT_FN_COUNT:	/* any aggregating action */
		if (dcp->dc_comm)
			dt_cerror(pcb, "D_AGG_COMM", e->dn_pos, "aggregating "
			    "actions may not follow commit( )");
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_AGG_SPEC", e->dn_pos, "aggregating "
			    "actions may not follow speculate( )");
		dcp->dc_drec = true;
		return;
	case DT_FN_RAISE:
	case DT_FN_STOP:
	case DT_FN_SYSTEM:
	case DT_FN_FREOPEN:	/* destructive */
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_ACT_SPEC", e->dn_pos, "destructive "
			    "actions may not follow speculate( )");
		break;
	case DT_FN_EXIT:
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_EXIT_SPEC", e->dn_pos, "exit( ) may "
			    "not follow speculate( )");
		break;
	}
	/* a data-recording action */
	if (dcp->dc_comm)
		dt_cerror(pcb, "D_DREC_COMM", e->dn_pos,
		    "data-recording actions may not follow commit( )");
	dcp->dc_drec = true;
}

/*
 * Is e an array of 1-byte integers (char n[9] declared in D)?  trace()
 * shows one as a string when its bytes are one.
 */
static bool
char_array(dt_pcb_t *pcb, const dt_node_t *e)
{
	const struct btf *btf;
	const struct btf_type *t;

	if (e->dn_type.ty_kind != DT_TK_ARRAY || e->dn_type.ty_btf == 0)
		return (false);
	btf = dt_pcb_types(pcb, e->dn_pos)->te_btf;
	t = btf__type_by_id(btf, dt_btf_resolve(btf, e->dn_type.ty_btf));
	if (t == NULL || btf_kind(t) != BTF_KIND_ARRAY)
		return (false);
	t = btf__type_by_id(btf, dt_btf_resolve(btf, btf_array(t)->type));
	return (t != NULL && btf_kind(t) == BTF_KIND_INT && t->size == 1);
}

/*
 * A pointer to a translated struct (xlate <T *> (e)) is no address: the
 * struct exists only member by member, as -> or * reads it.  As the whole
 * value of a statement or a predicate it is DTrace's D_CG_DYN.
 */
static void
xlate_ptr_result(dt_pcb_t *pcb, const dt_node_t *e)
{
	if (is_xlate_ptr(pcb, e))
		dt_cerror(pcb, "D_CG_DYN", e->dn_pos, "expression cannot "
		    "evaluate to the result of a translated pointer");
}

static void
sema_stmt(dt_pcb_t *pcb, dt_clause_t *dcp, dt_node_t *stmt)
{
	dt_node_t *e = stmt->dn_left, *val;
	const dt_ident_t *idp;
	dt_datarec_t *r;

	xlate_ptr_result(pcb, e);
	if (e->dn_kind == DN_ASSIGN && e->dn_left->dn_kind == DN_AGG) {
		sema_order(pcb, dcp, e, DT_FN_COUNT);
		sema_aggstmt(pcb, e);
		return;
	}
	if (e->dn_kind == DN_CALL && (e->dn_builtin = dt_builtin_lookup(
	    e->dn_str)) != NULL && e->dn_builtin->di_kind == DT_IDENT_FUNC &&
	    dt_fn_of(e->dn_builtin)->fn_kind == DT_FK_AGGACT) {
		sema_order(pcb, dcp, e, DT_FN_PRINTA);
		sema_aggact(pcb, dcp, e);
		return;
	}
	agg_mdim(pcb, e);
	if (e->dn_kind == DN_AGG && e->dn_right == NULL &&
	    ((idp = dt_ident_lookup(pcb->pcb_hdl, e->dn_str)) == NULL ||
	    idp->di_kind != DT_IDENT_AGG))
		dt_cerror(pcb, "D_IDENT_UNDEF", e->dn_pos, "failed to resolve "
		    "%s: Unknown variable name", e->dn_str);
	if (e->dn_kind == DN_AGG)
		dt_cerror(pcb, "D_AGG_NULL", e->dn_pos, "expression has null "
		    "effect: aggregation %s", e->dn_str);
	if (e->dn_kind != DN_CALL) {
		sema_expr(pcb, e);
		return;
	}
	sema_call(pcb, e, true);
	/* what records data, is destructive or speculates has its order */
	if ((dt_fn_of(e->dn_builtin)->fn_flags & (DT_FF_RECORD |
	    DT_FF_DESTRUCTIVE)) || e->dn_builtin->di_id == DT_FN_SPECULATE ||
	    e->dn_builtin->di_id == DT_FN_COMMIT)
		sema_order(pcb, dcp, e, e->dn_builtin->di_id);
	switch (e->dn_builtin->di_id) {
	case DT_FN_TRACE:
		if (e->dn_args->dn_type.ty_kind == DT_TK_FLOAT &&
		    e->dn_args->dn_type.ty_size <= 8) {
			/* DTrace holds a float or double as the integer
			   of its bits, and trace() shows it so */
			r = add_rec(pcb, dcp, DTRACEACT_DIFEXPR, 8, e->dn_pos);
			r->dr_type = (dt_type_t){ DT_TK_INT,
			    e->dn_args->dn_type.ty_size, 1 };
		} else if (e->dn_args->dn_type.ty_kind == DT_TK_STRUCT ||
		    e->dn_args->dn_type.ty_kind == DT_TK_ARRAY ||
		    e->dn_args->dn_type.ty_kind == DT_TK_FLOAT) {
			/* its bytes, shown as tracemem() shows them */
			r = add_rec(pcb, dcp, DTRACEACT_TRACEMEM,
			    object_bytes(pcb, e->dn_args), e->dn_pos);
			r->dr_type = e->dn_args->dn_type;
			r->dr_chars = char_array(pcb, e->dn_args);
		} else {
			r = add_rec(pcb, dcp, DTRACEACT_DIFEXPR,
			    value_size(pcb, e->dn_args), e->dn_pos);
			r->dr_type = e->dn_args->dn_type;
		}
		dcp->dc_records = true;
		break;
	case DT_FN_PRINT:
		sema_print_rec(pcb, dcp, e);
		break;
	case DT_FN_FTRUNCATE:
		(void) add_rec(pcb, dcp, DTRACEACT_FTRUNCATE, 0, e->dn_pos);
		dcp->dc_records = true;
		break;
	case DT_FN_TRACEMEM:
		/* with a third argument, its value first */
		r = add_rec(pcb, dcp, DTRACEACT_TRACEMEM,
		    (uint32_t)e->dn_args->dn_list->dn_value +
		    (e->dn_args->dn_list->dn_list != NULL ? 8U : 0U),
		    e->dn_pos);
		r->dr_dynsize = e->dn_args->dn_list->dn_list != NULL;
		dcp->dc_records = true;
		break;
	case DT_FN_SETOPT:
		/* a value not constant is recorded, as trace() records it */
		val = e->dn_args->dn_list;
		r = add_rec(pcb, dcp, DTRACEACT_SETOPT, val != NULL &&
		    val->dn_kind != DN_STRING ? value_size(pcb, val) : 0,
		    e->dn_pos);
		if (r->dr_size > 0)
			r->dr_type = val->dn_type;
		r->dr_optname = strdup(e->dn_args->dn_str);
		if (val != NULL && val->dn_kind == DN_STRING)
			r->dr_optval = strdup(val->dn_str);
		if (r->dr_optname == NULL || (val != NULL &&
		    val->dn_kind == DN_STRING && r->dr_optval == NULL))
			dt_cerror(pcb, "D_NOMEM", e->dn_pos, "out of memory");
		dcp->dc_records = true;
		break;
	case DT_FN_STACK:
		r = add_rec(pcb, dcp, DTRACEACT_STACK,
		    value_bytes(pcb, e->dn_type), e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_SYM:
	case DT_FN_MOD:
		r = add_rec(pcb, dcp, e->dn_builtin->di_id == DT_FN_SYM ?
		    DTRACEACT_SYM : DTRACEACT_MOD, 8, e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_USTACK:
		r = add_rec(pcb, dcp, DTRACEACT_USTACK, value_bytes(pcb,
		    e->dn_type) + ustack_copy_bytes(pcb, e), e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_USYM:
	case DT_FN_UMOD:
	case DT_FN_UADDR:
		r = add_rec(pcb, dcp, e->dn_builtin->di_id == DT_FN_USTACK ?
		    DTRACEACT_USTACK : e->dn_builtin->di_id == DT_FN_USYM ?
		    DTRACEACT_USYM : e->dn_builtin->di_id == DT_FN_UMOD ?
		    DTRACEACT_UMOD : DTRACEACT_UADDR,
		    value_bytes(pcb, e->dn_type), e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_EXIT:
		r = add_rec(pcb, dcp, DTRACEACT_EXIT, 8, e->dn_pos);
		r->dr_type = t_int;
		dcp->dc_records = true;
		break;
	case DT_FN_PRINTF:
	case DT_FN_SYSTEM:
	case DT_FN_FREOPEN: {
		unsigned int n = 0, i = 0;
		dt_node_t *a;

		for (a = e->dn_args->dn_list; a != NULL; a = a->dn_list)
			n++;
		r = add_rec(pcb, dcp, e->dn_builtin->di_id == DT_FN_SYSTEM ?
		    DTRACEACT_SYSTEM : e->dn_builtin->di_id == DT_FN_FREOPEN ?
		    DTRACEACT_FREOPEN : DTRACEACT_PRINTF, 0, e->dn_pos);
		r->dr_pfmt = e->dn_pfmt;
		e->dn_pfmt = NULL;	/* the record owns it now */
		r->dr_nargs = n;
		/* %A: the process id after the arguments, in args[n] */
		if (n > 0 && (r->dr_args = calloc(n + 1,
		    sizeof (dt_datarec_t))) == NULL)
			dt_cerror(pcb, "D_NOMEM", e->dn_pos, "out of memory");
		if (dt_printf_uaddr(r->dr_pfmt))
			pcb->pcb_hdl->dt_usyms = true;	/* dt_usym_snapshot */
		for (a = e->dn_args->dn_list; a != NULL; a = a->dn_list, i++) {
			dt_datarec_t *ar = &r->dr_args[i];

			ar->dr_kind = DTRACEACT_DIFEXPR;
			ar->dr_offset = dcp->dc_recsize;
			ar->dr_size = value_size(pcb, a);
			ar->dr_type = a->dn_type;
			dcp->dc_recsize += (ar->dr_size + 7) & ~7U;
		}
		if (n > 0 && dt_printf_uaddr(r->dr_pfmt)) {
			r->dr_args[n].dr_kind = DTRACEACT_DIFEXPR;
			r->dr_args[n].dr_offset = dcp->dc_recsize;
			r->dr_args[n].dr_size = 8;
			r->dr_args[n].dr_type = t_int;
			dcp->dc_recsize += 8;
		}
		dcp->dc_records = true;
		break;
	}
	}
}

/* Does statement list body name variable name anywhere? */
static bool
body_names(const dt_node_t *body, const char *name)
{
	for (; body != NULL; body = body->dn_list) {
		if (names_ident(body, name))
			return (true);
	}
	return (false);
}

/*
 * Does predicate e (a tree) make a variable that body reads: one not yet
 * known that e assigns or increments and the body uses without assigning
 * it?  Checked first, the body would find it unknown (DTrace then checks
 * the predicate first).
 */
static bool
pred_makes(dt_pcb_t *pcb, const dt_node_t *e, const dt_node_t *body)
{
	for (; e != NULL; e = e->dn_list) {
		const dt_node_t *l = e->dn_left;

		if ((e->dn_kind == DN_ASSIGN || e->dn_kind == DN_INCDEC) &&
		    l != NULL && l->dn_kind == DN_VAR && l->dn_str != NULL &&
		    dt_ident_lookup(pcb->pcb_hdl, l->dn_str) == NULL &&
		    body_names(body, l->dn_str) && !assigns(body, l->dn_str))
			return (true);
		if (pred_makes(pcb, e->dn_left, body) ||
		    pred_makes(pcb, e->dn_right, body) ||
		    pred_makes(pcb, e->dn_cond, body) ||
		    pred_makes(pcb, e->dn_args, body))
			return (true);
	}
	return (false);
}

static void
sema_pred(dt_pcb_t *pcb, dt_node_t *pred)
{
	xlate_ptr_result(pcb, pred);
	sema_used(pcb, pred, DT_ACTUSE_PRED);
	if (!is_scalar(pred))
		dt_cerror(pcb, "D_PRED_SCALAR", pred->dn_pos,
		    "predicate result must be of scalar type");
}

void
dt_sema_clause(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	dtrace_attribute_t amin = pcb->pcb_hdl->dt_opts.op_amin;
	char a[64], m[64];
	bool predfirst;

	pcb->pcb_clause = dcp;
	dcp->dc_attr = dt_attr_stable;
	/*
	 * The body before the predicate, as DTrace does, so that a variable
	 * the body creates (a[k] = 1, self->s = "x") has its type where the
	 * predicate reads it (/a[k] == 0/); but a predicate that makes a
	 * variable the body reads (/(this->t = strtok(s, ",")) != NULL/)
	 * first.
	 */
	predfirst = dcp->dc_pred != NULL &&
	    pred_makes(pcb, dcp->dc_pred, dcp->dc_body);
	if (predfirst)
		sema_pred(pcb, dcp->dc_pred);
	for (dt_node_t *s = dcp->dc_body; s != NULL; s = s->dn_list)
		sema_stmt(pcb, dcp, s);
	if (dcp->dc_pred != NULL && !predfirst)
		sema_pred(pcb, dcp->dc_pred);
	/*
	 * The default action: of an empty clause, and of one that speculates
	 * but records nothing else, whose probe line is then speculative.
	 */
	if (dcp->dc_body == NULL || dcp->dc_spec)
		dcp->dc_records = true;
	/* option amin: the least attributes a program may have */
	for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
		dtrace_attribute_t da = dt_attr_desc(&dcp->dc_descs[i]);

		if (dt_attr_below(da, amin))
			dt_cerror(pcb, "D_ATTR_MIN", dcp->dc_descpos[i],
			    "attributes for probe description %s (%s) are "
			    "less than the minimum set by option amin (%s)",
			    dcp->dc_desctext[i], dtrace_attr2str(da, a,
			    sizeof (a)), dtrace_attr2str(amin, m, sizeof (m)));
	}
	if (dcp->dc_ndescs > 0 && dt_attr_below(dcp->dc_attr, amin))
		dt_cerror(pcb, "D_ATTR_MIN", dcp->dc_descpos[0],
		    "attributes for the statements of this clause (%s) are "
		    "less than the minimum set by option amin (%s)",
		    dtrace_attr2str(dcp->dc_attr, a, sizeof (a)),
		    dtrace_attr2str(amin, m, sizeof (m)));
}
