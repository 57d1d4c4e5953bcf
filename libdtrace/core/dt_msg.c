/*
 * dt_msg.c: the library's messages, and the one place that writes them to
 * stderr.
 *
 * Some things the library has to say are not the result of the call that
 * says them: a module of a traced process that cannot be read, a USDT
 * note that is skipped, a setopt() that failed while tracing, a fault or
 * a loss nobody handles.  Each is one message, formatted here by dt_msg()
 * and handed to the handler the embedder set on the handle with
 * dtrace_handle_msg(), with its kind (dtrace_msgkind_t) and its text: one
 * line, without the "dtrace: " that starts it on stderr and without a
 * newline.  With no handler set, dt_msg_stderr() writes it to stderr as
 * the command has always shown it: "dtrace: ", the text, a newline (the
 * preprocessor's own diagnostics, DTRACE_MSG_CPP, as it wrote them; the
 * verifier's log, DTRACE_MSG_BPFLOG, with the "BPF: " of each line).
 *
 * Invariants, enforced by test/msgs-check (test "msgs"):
 *   - nothing else in libdtrace/ writes to stderr or stdout: no fprintf(),
 *     fputs(), fwrite(), perror(), printf(), puts() or write() to fd 1 or
 *     2; output a caller asked for goes to the caller's FILE;
 *   - dt_msg_stderr() is the only function here that does.
 *
 * A message is delivered during the call that causes it, in the calling
 * thread, on that call's handle: the handler needs no locking of its own
 * beyond what its argument shares with other handles.
 *
 * The one message without a session is dt_msg_panic()'s: a reference
 * count of the process-wide caches (kernel types, kernel symbols) fell
 * below zero, a bug in the library found in state no handle owns; it goes
 * to stderr and the process aborts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "dt_impl.h"

/*
 * The default handler: the message on stderr, after the prefix of its
 * kind, with a newline.  The only function of libdtrace that writes to
 * stderr.
 */
static void
dt_msg_stderr(const char *prefix, const char *text)
{
	fprintf(stderr, "%s%s\n", prefix, text);
	fflush(stderr);		/* in order, whatever its buffering */
}

/* Deliver one formatted message: to the handle's handler, or stderr. */
static void
dt_msg_deliver(dtrace_hdl_t *dtp, dtrace_msgkind_t kind, const char *text)
{
	dtrace_msgdata_t md = {
		.dtmd_size = sizeof (md),
		.dtmd_handle = dtp,
		.dtmd_kind = kind,
		.dtmd_text = text,
	};

	if (dtp->dt_msghdlr != NULL)
		dtp->dt_msghdlr(&md, dtp->dt_msgarg);
	else
		dt_msg_stderr(kind == DTRACE_MSG_CPP ||
		    kind == DTRACE_MSG_BPFLOG ? "" : "dtrace: ", text);
}

void
dt_msg(dtrace_hdl_t *dtp, dtrace_msgkind_t kind, const char *fmt, ...)
{
	char buf[1024], *text = buf;
	va_list ap, aq;
	int len;

	va_start(ap, fmt);
	va_copy(aq, ap);
	len = vsnprintf(buf, sizeof (buf), fmt, ap);
	va_end(ap);
	/* a long one (a path of 4 KiB) is formatted again, whole */
	if (len >= (int)sizeof (buf) && (text = malloc((size_t)len + 1)) !=
	    NULL)
		vsnprintf(text, (size_t)len + 1, fmt, aq);
	else if (text == NULL)
		text = buf;	/* out of memory: the truncated text */
	va_end(aq);
	if (len < 0)
		snprintf(buf, sizeof (buf), "%s", fmt);	/* bad format */
	dt_msg_deliver(dtp, kind, text);
	if (text != buf)
		free(text);
}

void
dt_msg_panic(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof (buf), fmt, ap);
	va_end(ap);
	dt_msg_stderr("libdtrace: ", buf);
	abort();
}

DT_EXPORT int
dtrace_handle_msg(dtrace_hdl_t *dtp, dtrace_handle_msg_f *hdlr, void *arg)
{
	dtp->dt_msghdlr = hdlr;
	dtp->dt_msgarg = arg;
	return (0);
}
