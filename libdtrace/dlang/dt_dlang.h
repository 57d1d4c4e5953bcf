/*
 * dt_dlang.h: the D compiler's entry points for the rest of the library:
 * compiling, the preprocessor, the D library, freeing programs and nodes
 * (dlang/).
 */
#ifndef DT_DLANG_H
#define DT_DLANG_H

#include "../core/dt_impl.h"

struct dt_node;

/* dlang/dt_compile.c */
extern void dt_program_free(struct dtrace_prog *);

/* dlang/dt_cpp.c: the C preprocessor, and the files line markers name */
#define DT_CPP_PATH	"/usr/bin/cpp"	/* default cpppath */
#define DT_CMDLINE	"<command line>" /* file name of -n programs */
extern void dt_cpp_free(dtrace_hdl_t *);
extern int dt_cpp_run(dtrace_hdl_t *, const char *, size_t, const char *,
    char **, size_t *);
extern int dt_srcfile_intern(dtrace_hdl_t *, const char *);
extern const char *dt_srcfile_name(dtrace_hdl_t *, int);

/* dlang/dt_compile.c */
extern void dt_node_free_all(struct dt_node *);

/* dlang/dt_parse.c */
extern void dt_node_free_tree(struct dt_node *);

/* dlang/dt_lib.c */
extern int dt_lib_dirs(dtrace_hdl_t *);

#endif /* DT_DLANG_H */
