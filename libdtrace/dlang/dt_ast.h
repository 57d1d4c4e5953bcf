/*
 * dt_ast.h: tokens, the abstract syntax tree and the compiler passes.
 *
 * The compiler is an ordered list of passes over one AST:
 *
 *   dt_lex.c     source text -> tokens (probe descriptions have their own
 *                lexical state: at the start of a clause everything up to
 *                white space, ',', '/' or '{' is one description).
 *   dt_parse.c   tokens -> clauses with AST bodies (recursive descent, C
 *                precedence; one file per D construct, dt_parse_*.c:
 *                dt_parse_impl.h).
 *   dt_sema.c    names resolved, types assigned, integer promotions made
 *                explicit, actions checked; errors carry a D_* tag (one
 *                file per D construct, dt_sema_*.c: dt_sema_impl.h).
 *   ../codegen   AST -> BPF instruction blocks, one per clause.
 *
 * Every node records where it was written, so that each error says
 * file:line:column.
 */
#ifndef DT_AST_H
#define DT_AST_H

#include "../core/dt_impl.h"
#include "../core/dt_dtype.h"
#include "../core/dt_ident.h"
#include "dt_clause.h"
#include "dt_provdecl.h"

typedef enum dt_tok {
	T_EOF = 0,
	T_IDENT, T_INT, T_STRING, T_PROBEDESC, T_MACRO, T_AGG,
	/* punctuation */
	T_LPAR, T_RPAR, T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK, T_COMMA,
	T_SEMI, T_QUESTION, T_COLON, T_DOT, T_ARROW,
	/* operators */
	T_PLUS, T_MINUS, T_STAR, T_SLASH, T_MOD, T_AND, T_OR, T_XOR, T_NOT,
	T_LNOT, T_LSH, T_RSH, T_LAND, T_LOR, T_LXOR, T_LT, T_GT, T_LE, T_GE,
	T_EQ, T_NE, T_ASSIGN, T_ADD_EQ, T_SUB_EQ, T_MUL_EQ, T_DIV_EQ,
	T_MOD_EQ, T_AND_EQ, T_OR_EQ, T_XOR_EQ, T_LSH_EQ, T_RSH_EQ, T_INC,
	T_DEC,
	/* keywords */
	T_SIZEOF, T_PRAGMA, T_BACKQUOTE, T_KW_STRUCT, T_KW_UNION, T_KW_ENUM,
	/* type keywords */
	T_KW_INT, T_KW_CHAR, T_KW_SHORT, T_KW_LONG, T_KW_UNSIGNED,
	T_KW_SIGNED, T_KW_VOID, T_KW_STRING, T_KW_FLOAT, T_KW_DOUBLE,
	T_BAD
} dt_tok_t;

typedef struct dt_token {
	dt_tok_t tk_kind;	/* T_* */
	dt_srcpos_t tk_pos;	/* where it starts */
	const char *tk_start;	/* its text */
	size_t tk_len;		/* its length */
	uint64_t tk_int;	/* T_INT: value */
	int tk_intu;		/* T_INT: 'u' suffix */
	int tk_intl;		/* T_INT: number of 'l' suffixes */
	char *tk_str;		/* T_STRING, T_IDENT, T_MACRO: text (owned) */
	size_t tk_strlen;	/* T_STRING: length */
} dt_token_t;

typedef enum dt_nkind {
	DN_INT = 1,	/* integer constant: dn_value */
	DN_STRING,	/* string literal: dn_str, dn_stroff */
	DN_VAR,		/* variable reference: dn_ident */
	DN_CALL,	/* function or action: dn_ident, dn_args */
	DN_UNARY,	/* dn_op dn_left */
	DN_BINARY,	/* dn_left dn_op dn_right */
	DN_LOGICAL,	/* && || ^^ */
	DN_TERNARY,	/* dn_cond ? dn_left : dn_right */
	DN_ASSIGN,	/* dn_left (var) dn_op= dn_right */
	DN_INCDEC,	/* ++/-- on dn_left; dn_post */
	DN_CAST,	/* (dn_type) dn_left */
	DN_COMMA,	/* dn_left, dn_right */
	DN_MEMBER,	/* dn_left ->/. dn_str; dn_value offset, dn_aux bits */
	DN_INDEX,	/* dn_left [ dn_right ]; dn_value element size */
	DN_XLATE,	/* xlate <dn_type> (dn_left) */
	DN_AGG,		/* @name[dn_right]: dn_str; keys in dn_args;
			   dn_left a second [index], refused */
	DN_EXPRSTMT,	/* statement: dn_left */
	DN_IF		/* if (dn_cond) dn_left else dn_right (statement
			   lists), parsed only: a clause with one is split
			   into clauses (dt_parse_clause.c) */
} dt_nkind_t;

typedef struct dt_node {
	dt_nkind_t dn_kind;		/* DN_* */
	dt_tok_t dn_op;			/* operator */
	dt_type_t dn_type;		/* type after dt_sema */
	dt_srcpos_t dn_pos;		/* where it was written */
	int64_t dn_value;		/* DN_INT; DN_MEMBER offset; DN_INDEX
					   element size; DN_CALL of stringof:
					   1 if a promoted char * (NULL is
					   "") */
	int64_t dn_aux;			/* DN_MEMBER: bit offset | size << 8;
					   built-ins: a kernel offset;
					   DN_ASSIGN of a struct member:
					   the bytes copied */
	char *dn_str;			/* DN_STRING text, DN_VAR/DN_CALL name */
	size_t dn_strlen;		/* DN_STRING length */
	uint32_t dn_stroff;		/* DN_STRING offset in the strtab;
					   DN_INDEX of an array in a D
					   variable: its elements, which the
					   index is checked against */
	bool dn_post;			/* DN_INCDEC: postfix */
	bool dn_declares;		/* DN_ASSIGN: first assignment */
	bool dn_scratch;		/* a load or an lvalue (*p, p->m,
					   p[i], a member of one) through a
					   pointer from alloca() or copyin();
					   bcopy(): its source is one: the
					   code generator checks that it lies
					   in what the clause allocated */
	dt_ident_t *dn_ident;		/* resolved identifier */
	const dt_ident_t *dn_builtin;	/* resolved built-in */
	struct dt_node *dn_left;	/* operand */
	struct dt_node *dn_right;	/* operand */
	struct dt_node *dn_cond;	/* DN_TERNARY condition */
	struct dt_node *dn_args;	/* DN_CALL arguments (list) */
	struct dt_node *dn_list;	/* next in a list */
	struct dt_node *dn_all;		/* next allocated (for freeing) */
	struct dt_pfprog *dn_pfmt;	/* printf: parsed format */
} dt_node_t;

/* Where an expression is used (pcb_actuse): an action there is refused with
   the tag DTrace gives that use. */
enum {
	DT_ACTUSE_EXPR,		/* in an expression: D_ACT_EXPR */
	DT_ACTUSE_TRACE,	/* trace()'s: D_TRACE_VOID, D_TRACE_DYN */
	DT_ACTUSE_PRINT,	/* print()'s: D_PRINT_VOID, D_PRINT_DYN */
	DT_ACTUSE_OPERAND,	/* of the comma or =: D_OP_ACT, D_OP_DYN */
	DT_ACTUSE_DEFER,	/* of ?:: checked once both are (D_OP_ACT) */
	DT_ACTUSE_ARITH,	/* of unary + or -, of * or /: D_OP_ARITH */
	DT_ACTUSE_INCOMPAT,	/* of binary + or -, of a comparison:
				   D_OP_INCOMPAT */
	DT_ACTUSE_INT,		/* of ~, % and the bitwise operators:
				   D_OP_INT */
	DT_ACTUSE_SCALAR,	/* of !, && || ^^, ?:'s condition:
				   D_OP_SCALAR */
	DT_ACTUSE_PRINTF,	/* a value printf( ) formats: D_PRINTF_ARG_TYPE */
	DT_ACTUSE_KEY,		/* an array or aggregation key: D_KEY_TYPE */
	DT_ACTUSE_STRINGOF,	/* stringof's operand: D_STRINGOF_TYPE */
	DT_ACTUSE_DEREF,	/* of unary *: D_DEREF_NONPTR */
	DT_ACTUSE_ADDROF,	/* of unary &: D_ADDROF_LVAL */
	DT_ACTUSE_SIZEOF,	/* of sizeof: D_SIZEOF_TYPE */
	DT_ACTUSE_ARROW,	/* left of ->: D_OP_PTR */
	DT_ACTUSE_DOT,		/* left of .: D_OP_SOU */
	DT_ACTUSE_CAST,		/* cast to a type not void: D_CAST_INVAL */
	DT_ACTUSE_PRED,		/* a predicate: D_PRED_SCALAR */
	DT_ACTUSE_VFPTR		/* right of += or -= after an integer:
				   D_OP_VFPTR */
};

/* The state of one compilation. */
typedef struct dt_pcb {
	dtrace_hdl_t *pcb_hdl;		/* handle */
	const char *pcb_src;		/* source text */
	size_t pcb_len;			/* its length */
	const char *pcb_usrc;		/* the text as given, when pcb_src
					   is its preprocessed form */
	size_t pcb_ulen;		/* its length */
	const char *pcb_ptr;		/* lexer position */
	dt_srcpos_t pcb_pos;		/* lexer line and column */
	const char *pcb_file;		/* file name, or NULL for -n */
	dtrace_probespec_t pcb_spec;	/* how the text was given */
	bool pcb_library;		/* a library file (D's or -L's) */
	int pcb_argc;			/* macro arguments */
	char *const *pcb_argv;		/* macro arguments */
	dt_token_t pcb_tok;		/* current token */
	dt_token_t pcb_peek;		/* lookahead token */
	bool pcb_havepeek;		/* pcb_peek is valid */
	bool pcb_extern;		/* parsing an extern declaration's
				   type: an unknown enum tag is a
				   C incomplete enum */
	bool pcb_offsetof;		/* parsing offsetof()'s type: an
					   unknown tag is D_OFFSETOF_TYPE */
	bool pcb_inpred;		/* parsing a predicate */
	const struct dt_node *pcb_addrof; /* the DN_INDEX & takes the address
					   of: one past the end is allowed */
	uint32_t pcb_basekid;		/* the base type just parsed, when it
					   is the kernel's: its own BTF id (a
					   typedef's, not what it names) */
	const char *pcb_basename;	/* else its name, when D's typedef or
					   long long names it (static) */
	const struct dt_ident *pcb_baseenum; /* else the enum declared in D
					   that it is */
	uint64_t pcb_argused;		/* macro arguments used: bit n for $n
					   (the last bit for $63 and up) */
	bool pcb_aggkey;		/* checking an aggregation's keys */
	int pcb_actuse;			/* where the expression being checked
					   is used, for the tag of an action
					   found there: DT_ACTUSE_* */
	struct dtrace_prog *pcb_prog;	/* program being built */
	dt_clause_t *pcb_clause;	/* clause being checked */
	dt_node_t *pcb_nodes;		/* every node allocated */
	int pcb_ntmp;			/* string temporaries in use */
	int pcb_maxtmp;			/* most in use at once */
	unsigned int pcb_depth;		/* nesting of the expression being
					   parsed or checked */
	unsigned int pcb_ncopies;	/* nodes copied by dt_node_dup():
					   inlines, translators expanded */
	void *pcb_jmp;			/* jmp_buf of dt_compile */
	dt_provdecl_t *pcb_provdecl;	/* provider being declared (freed if
					   the compile fails) */
	unsigned int pcb_nifs;		/* condition variables of if made */
	struct dt_node *pcb_pragpend;	/* names #pragma attributes or binding
					   gave before they were defined
					   (DN_STRING, newest first) */
} dt_pcb_t;

/*
 * How deeply expressions may nest: the parser, the semantic pass and the
 * code generator recurse over them, and a program must not be able to
 * run the compiler out of stack.  dt_depth_enter() counts one level more
 * (an error past the limit); the caller restores pcb_depth when done.
 */
/* The longest identifier (D_IDENT_OFLOW past it): longer ones were cut
   silently where the parser copies them, and two names that differ only
   past the cut were one. */
#define DT_IDENT_MAXLEN		255

#define DT_EXPR_MAXDEPTH	500
extern void dt_depth_enter(dt_pcb_t *, dt_srcpos_t);

/*
 * How many nodes the expansion of inlines and translators may copy into
 * one program (D_EXPR_SIZE past it).  Each use of an inline copies its
 * expression, whose own inlines are copied in turn, so that inlines
 * which each use the one before twice would double the tree at every
 * level.  Those of constant expressions are folded where they are
 * declared (dt_sema_declare(), dt_sema_vars.c); the others are bounded
 * here, in time and memory (a node is about 200 bytes): far more than
 * real programs copy (a use of curpsinfo->pr_psargs copies some tens).
 */
#define DT_EXPR_MAXCOPIES	200000

/* Reports a compiler error with its tag at pos and unwinds the compile. */
extern void dt_cerror(dt_pcb_t *, const char *tag, dt_srcpos_t pos,
    const char *fmt, ...) __attribute__((format(printf, 4, 5), noreturn));

/* dt_lex.c */
extern void dt_lex_init(dt_pcb_t *);
extern void dt_lex_next(dt_pcb_t *, dt_token_t *);
extern void dt_lex_probedesc(dt_pcb_t *, dt_token_t *);
extern int dt_lex_peekc(dt_pcb_t *);
extern size_t dt_lex_unescape(char *);
extern const char *dt_tok_name(dt_tok_t);
extern void dt_tok_free(dt_token_t *);

/* dt_parse.c */
extern void dt_parse_program(dt_pcb_t *);
extern int dt_parse_ctype(dt_pcb_t *, const char *, dt_type_t *);
extern dt_node_t *dt_node_new(dt_pcb_t *, dt_nkind_t, dt_srcpos_t);
/* A copy of a tree; with a pcb, counted against DT_EXPR_MAXCOPIES (an
   error at pos, where the copy is used, past it). */
extern dt_node_t *dt_node_dup(dt_pcb_t *, const dt_node_t *, dt_srcpos_t);
/* dt_sema_vars.c */
extern void dt_sema_declare(dt_pcb_t *, const char *, dt_type_t,
    const dt_type_t *, int, char *const *, dt_node_t *, dt_srcpos_t);

/* dt_sema.c */
extern void dt_sema_clause(dt_pcb_t *, dt_clause_t *);

/* dt_alloca.c: where pointers point (dt_ident_t's di_ptrsrc) */
enum {
	DT_PTR_NONE = 0,	/* not a pointer, or NULL, or not known */
	DT_PTR_SCRATCH,		/* into scratch space: alloca(), copyin() */
	DT_PTR_OTHER,		/* anywhere else */
	DT_PTR_MIXED		/* either (a ?: of one of each) */
};
extern void dt_alloca_clause(dt_pcb_t *, dt_clause_t *);
/* dt_sema_xlate.c */
extern void dt_sema_xlator_check(dt_pcb_t *, const dt_xlator_t *,
    dt_srcpos_t);
/* dt_sema_types.c */
extern bool dt_type_same(dt_type_t, dt_type_t);
extern int64_t dt_int_canonical(int64_t, dt_type_t);
/* dt_sema_expr.c: integer constant expressions, for the parser too */
extern bool dt_fold_int(dt_pcb_t *, const struct dt_node *, int64_t *,
    dt_type_t *);
/* dt_sema_vars.c */
extern const struct dt_node *dt_member_root(const struct dt_node *);
/* dt_compile.c */
extern void dt_lib_error(dt_pcb_t *, dt_srcpos_t)
    __attribute__((noreturn));
extern dtrace_prog_t *dt_compile_file_text(dtrace_hdl_t *, const char *,
    const char *);
/* dt_lib.c */
extern dt_ident_t *dt_lib_lookup(dtrace_hdl_t *, const char *, bool *);
/* dt_parse_decl.c */
struct btf;
extern bool dt_xlate_accepts(const struct btf *, dt_type_t, dt_type_t);

/* x86_64 kernel stacks: task_pt_regs() is at stack + this - its size. */
#define DT_THREAD_SIZE	16384

/* Built-in variables. */
enum {
	DT_BI_ARG0 = 0,	/* arg0 .. arg9 are DT_BI_ARG0 + n */
	DT_BI_PID = DT_MAXARGS, DT_BI_TID, DT_BI_PPID, DT_BI_UID, DT_BI_GID,
	DT_BI_EXECNAME, DT_BI_TIMESTAMP, DT_BI_VTIMESTAMP, DT_BI_WALLTIMESTAMP,
	DT_BI_CPU, DT_BI_PROBEPROV, DT_BI_PROBEMOD, DT_BI_PROBEFUNC,
	DT_BI_PROBENAME, DT_BI_ID, DT_BI_CURTHREAD, DT_BI_ARGS, DT_BI_ERRNO,
	DT_BI_STACKDEPTH, DT_BI_USTACKDEPTH, DT_BI_ZONENAME, DT_BI_EPID,
	DT_BI_UREGS, DT_BI_UCALLER, DT_BI_CWD, DT_BI_ROOT, DT_BI_FDS,
	DT_BI_CALLER, DT_BI_CURCPU
};

/*
 * Built-in functions and actions: their numbers.  Each has its row in
 * core/dt_fn.c (dt_fn.h), which says everything else of it.
 */
enum {
	DT_FN_TRACE = 1, DT_FN_PRINTF, DT_FN_EXIT, DT_FN_SETOPT,
	DT_FN_COPYINSTR, DT_FN_TRACEMEM, DT_FN_PRINT, DT_FN_FTRUNCATE,
	DT_FN_STRINGOF, DT_FN_STRLEN, DT_FN_STRJOIN, DT_FN_SUBSTR,
	DT_FN_STRCHR, DT_FN_STRRCHR, DT_FN_BASENAME, DT_FN_DIRNAME,
	DT_FN_CLEANPATH,
	DT_FN_LLTOSTR, DT_FN_TOUPPER, DT_FN_TOLOWER, DT_FN_INDEX,
	DT_FN_RINDEX, DT_FN_STRSTR, DT_FN_STRTOK, DT_FN_STRTOLL, DT_FN_HTONS,
	DT_FN_HTONL, DT_FN_HTONLL, DT_FN_NTOHS, DT_FN_NTOHL, DT_FN_NTOHLL,
	DT_FN_RAND, DT_FN_GETMAJOR, DT_FN_GETMINOR, DT_FN_PROGENYOF,
	DT_FN_PSARGS, DT_FN_ARGC,
	DT_FN_COPYIN, DT_FN_ALLOCA, DT_FN_COPYINTO, DT_FN_BCOPY,
	DT_FN_STACK, DT_FN_SYM, DT_FN_MOD,
	DT_FN_USTACK, DT_FN_USYM, DT_FN_UMOD, DT_FN_UADDR,
	DT_FN_INET_NTOA, DT_FN_INET_NTOA6, DT_FN_INET_NTOP, DT_FN_LINK_NTOP,
	DT_FN_D_PATH,
	/* Solaris's STREAMS messages and device tree (refused: not Linux's) */
	DT_FN_MSGSIZE, DT_FN_MSGDSIZE, DT_FN_DDI_PATHNAME,
	/* Linux's locks (the mutex ones first) */
	DT_FN_MUTEX_OWNED, DT_FN_MUTEX_OWNER, DT_FN_MUTEX_TYPE_ADAPTIVE,
	DT_FN_MUTEX_TYPE_SPIN, DT_FN_RW_READ_HELD, DT_FN_RW_WRITE_HELD,
	DT_FN_RW_ISWRITER,
	/* speculations */
	DT_FN_SPECULATION, DT_FN_SPECULATE, DT_FN_COMMIT, DT_FN_DISCARD,
	/* destructive actions (-w) */
	DT_FN_SYSTEM, DT_FN_FREOPEN, DT_FN_RAISE, DT_FN_STOP, DT_FN_CHILL,
	DT_FN_PANIC, DT_FN_BREAKPOINT, DT_FN_COPYOUT, DT_FN_COPYOUTSTR,
	/* aggregating functions */
	DT_FN_COUNT, DT_FN_SUM, DT_FN_AVG, DT_FN_MIN, DT_FN_MAX,
	DT_FN_STDDEV, DT_FN_QUANTIZE, DT_FN_LQUANTIZE, DT_FN_LLQUANTIZE,
	/* aggregation actions */
	DT_FN_PRINTA, DT_FN_CLEAR, DT_FN_TRUNC, DT_FN_NORMALIZE,
	DT_FN_DENORMALIZE,
	DT_FN_NUM		/* the count of numbers (plus one: 0 is none) */
};

/* dt_sema_types.c: the clause's kernel types (held by the clause), or an
   error */
extern struct dt_tentry *dt_pcb_types(dt_pcb_t *, dt_srcpos_t);
extern void dt_pcb_module_types(dt_pcb_t *, const char *, dt_srcpos_t);

#endif /* DT_AST_H */
