/*
 * dt_error.c: error codes and their messages.
 *
 * Functions record the cause of a failure on the handle with
 * dt_set_errno() (a system errno or an EDT_* code) and return -1 or NULL.
 * dt_set_errmsg() also records a detailed message, which dtrace_errmsg()
 * returns in place of the code's generic text.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dt_impl.h"

static const char *const dt_errtab[] = {
	[EDT_VERSION - EDT_BASE] = "Client requested version newer than "
	    "library",
	[EDT_NOMEM - EDT_BASE] = "Memory allocation failure",
	[EDT_COMPILER - EDT_BASE] = "D program compilation failed",
	[EDT_BADOPTNAME - EDT_BASE] = "Invalid option name",
	[EDT_BADOPTVAL - EDT_BASE] = "Invalid value for specified option",
	[EDT_NOPROBE - EDT_BASE] = "No probe matches description",
	[EDT_BADSPEC - EDT_BASE] = "Invalid probe description",
	[EDT_BPF - EDT_BASE] = "BPF operation failed",
	[EDT_VERIFIER - EDT_BASE] = "BPF program rejected by the verifier",
	[EDT_NOPRIV - EDT_BASE] = "this process may not trace "
	    "(need root or CAP_BPF and CAP_PERFMON)",
	[EDT_ATTACH - EDT_BASE] = "Failed to attach a probe",
	[EDT_ACTIVE - EDT_BASE] = "Operation illegal when tracing is active",
	[EDT_NOTACTIVE - EDT_BASE] = "Operation illegal when tracing is not "
	    "active",
	[EDT_PROC - EDT_BASE] = "Process control failed",
	[EDT_NOTRACEFS - EDT_BASE] = "tracefs is not available at "
	    "/sys/kernel/tracing and could not be mounted",
	[EDT_BADPROG - EDT_BASE] = "Program does not belong to this handle",
	[EDT_BTF - EDT_BASE] = "Kernel type data cannot be loaded",
	[EDT_CPP - EDT_BASE] = "Preprocessor failed to process input program",
	[EDT_PROCALIGN - EDT_BASE] = "Probe offset is not on an instruction "
	    "boundary",
	[EDT_PROCOFF - EDT_BASE] = "Probe offset is outside of its function",
	[EDT_DESTRUCTIVE - EDT_BASE] = "Destructive actions not allowed",
	[EDT_CALLBACK - EDT_BASE] = "A callback or handler asked to stop with "
	    "an error",
	[EDT_BADARG - EDT_BASE] = "Invalid argument",
	[EDT_NOAGG - EDT_BASE] = "No such aggregation",
	[EDT_LINK - EDT_BASE] = "Failed to generate the provider header or "
	    "object",
	[EDT_GRAB - EDT_BASE] = "Failed to grab a process",
	[EDT_BUFTOOSMALL - EDT_BASE] = "Enabling exceeds size of buffer",
	[EDT_BADOPTCTX - EDT_BASE] =
	    "Option cannot be used from within a D program",
};

int
dt_set_errno(dtrace_hdl_t *dtp, int err)
{
	dtp->dt_errno = err;
	dtp->dt_errmsg[0] = '\0';
	dtp->dt_errtag = NULL;
	dtp->dt_errwhere[0] = '\0';
	return (-1);
}

/*
 * What to change, appended to the message buf[0 .. n) (of size len) when
 * it quotes the system's text for running out of descriptors: every system
 * call of a session may be the one that hits the limit.  Returns the
 * number of bytes appended.
 */
size_t
dt_errmsg_hint(char *buf, size_t n, size_t len)
{
	static const char hint[] = " (raise the limit of open files, "
	    "ulimit -n)";

	if ((strstr(buf, strerror(EMFILE)) == NULL &&
	    strstr(buf, strerror(ENFILE)) == NULL) ||
	    strstr(buf, "ulimit -n") != NULL || n + sizeof (hint) > len)
		return (0);
	memcpy(buf + n, hint, sizeof (hint));
	return (sizeof (hint) - 1);
}

/* Set the error and its message (with a hint, dt_errmsg_hint()). */
int
dt_set_errmsg(dtrace_hdl_t *dtp, int err, const char *fmt, ...)
{
	va_list ap;

	dtp->dt_errno = err;
	dtp->dt_errtag = NULL;
	dtp->dt_errwhere[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(dtp->dt_errmsg, sizeof (dtp->dt_errmsg), fmt, ap);
	va_end(ap);
	(void) dt_errmsg_hint(dtp->dt_errmsg, strlen(dtp->dt_errmsg),
	    sizeof (dtp->dt_errmsg));
	return (-1);
}

DT_EXPORT int
dtrace_errno(dtrace_hdl_t *dtp)
{
	return (dtp->dt_errno);
}

DT_EXPORT const char *
dtrace_errtag(dtrace_hdl_t *dtp)
{
	return (dtp->dt_errno == EDT_COMPILER ? dtp->dt_errtag : NULL);
}

DT_EXPORT const char *
dtrace_errwhere(dtrace_hdl_t *dtp)
{
	return (dtp->dt_errno == EDT_COMPILER && dtp->dt_errtag != NULL &&
	    dtp->dt_errwhere[0] != '\0' ? dtp->dt_errwhere : NULL);
}

DT_EXPORT const char *
dtrace_errmsg(dtrace_hdl_t *dtp, int error)
{
	if (dtp != NULL && error == dtp->dt_errno && dtp->dt_errmsg[0] != '\0')
		return (dtp->dt_errmsg);
	if (error >= EDT_BASE && error < EDT_MAX && dt_errtab[error -
	    EDT_BASE] != NULL)
		return (dt_errtab[error - EDT_BASE]);
	return (strerror(error));
}
