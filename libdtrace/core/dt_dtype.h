/*
 * dt_dtype.h: the D type of a value (dt_type_t), as the compiler, the
 * code generator and the consumer see it: its kind, size and sign, and
 * for a kernel type its BTF id.  A leaf header: it needs nothing else.
 * The functions over it live with their subsystems (types/dt_types.h
 * makes one from BTF, dlang/ reads type names).
 */
#ifndef DT_DTYPE_H
#define DT_DTYPE_H

#include <stdint.h>

typedef enum dt_tkind {
	DT_TK_VOID = 0,		/* no value */
	DT_TK_INT,		/* integer of ty_size bytes */
	DT_TK_STRING,		/* D string (value is a pointer to chars) */
	DT_TK_PTR,		/* pointer (64-bit, unsigned arithmetic) */
	DT_TK_STRUCT,		/* struct or union (value is its address) */
	DT_TK_ARRAY,		/* array other than char[] (value: addr.) */
	DT_TK_STACK,		/* stack(): ty_size frames of 8 bytes
				   (value: their address), 0 after the
				   last */
	DT_TK_SYM,		/* sym(), func(): a kernel address (8 bytes)
				   shown as module`symbol */
	DT_TK_MOD,		/* mod(): a kernel address shown as its
				   module */
	DT_TK_USTACK,		/* ustack(): the pid (8 bytes), then
				   ty_size frames of 8 bytes, 0 after the
				   last */
	DT_TK_USYM,		/* usym(), ufunc(): pid, user address (16
				   bytes) shown as module`symbol */
	DT_TK_UMOD,		/* umod(): pid, address shown as module */
	DT_TK_UADDR,		/* uaddr(): pid, address shown as
				   module`symbol+0xoffset */
	DT_TK_FLOAT		/* float, double, long double: ty_size 4,
				   8 or 16 bytes (value: their address,
				   as a struct's; D has no floating-point
				   arithmetic) */
} dt_tkind_t;

typedef struct dt_type {
	uint8_t ty_kind;	/* dt_tkind_t */
	uint8_t ty_size;	/* size in bytes: 1, 2, 4 or 8 for an
				   integer (strings: 0, see strsize) */
	uint8_t ty_signed;	/* signed integer */
	uint8_t ty_psize;	/* pointer: size of what it points to, 0: void */
	uint8_t ty_psigned;	/* pointer: what it points to is signed */
	uint8_t ty_plevel;	/* pointer: how many more pointers until
				   the pointed-to integer (int ** is 1) */
	uint32_t ty_btf;	/* kernel type: pointer: BTF id of what it
				   points to; struct, array, char[]: its
				   id; 0 for D's own types */
} dt_type_t;

#endif /* DT_DTYPE_H */
