/*
 * usym.c: user addresses named as ustack(), usym(), umod() and uaddr()
 * show them (proc/dt_usym.c), in this process itself: its own function
 * (module: the executable's basename), a libc function through .dynsym
 * (of the aliases getpid and __getpid, the one with fewer underscores),
 * and addresses no mapping holds.
 */
#include <string.h>
#include <unistd.h>

#include "core/dt_impl.h"
#include "proc/dt_proc.h"

#include "check.h"

__attribute__((noinline, used)) int
usym_probe_me(int x)
{
	__asm__ volatile("" : "+r"(x));
	return (x + 1);
}

static const char *
fmt(dtrace_hdl_t *dtp, uint64_t addr, dt_tkind_t kind, uint64_t *basep)
{
	static char buf[512];

	dt_format_uaddr(dtp, getpid(), addr, kind, buf, sizeof (buf), basep);
	return (buf);
}

int
main(void)
{
	dtrace_hdl_t *dtp = open_nodev();
	uint64_t fn = (uint64_t)(uintptr_t)&usym_probe_me;
	uint64_t gp = (uint64_t)(uintptr_t)&getpid;
	uint64_t base = 0;

	CHECK(strcmp(fmt(dtp, fn + 3, DT_TK_UADDR, &base),
	    "usym`usym_probe_me+0x3") == 0);
	CHECK(base == fn + 3);
	CHECK(strcmp(fmt(dtp, fn, DT_TK_USTACK, NULL),
	    "usym`usym_probe_me") == 0);
	CHECK(strcmp(fmt(dtp, fn + 3, DT_TK_USYM, &base),
	    "usym`usym_probe_me") == 0);
	CHECK(base == fn);
	CHECK(strcmp(fmt(dtp, fn + 3, DT_TK_UMOD, NULL), "usym") == 0);
	CHECK(strcmp(fmt(dtp, gp, DT_TK_USYM, NULL), "libc.so.6`getpid") == 0);
	CHECK(strcmp(fmt(dtp, gp + 1, DT_TK_UADDR, NULL),
	    "libc.so.6`getpid+0x1") == 0);
	CHECK(strcmp(fmt(dtp, gp, DT_TK_UMOD, NULL), "libc.so.6") == 0);
	CHECK(strcmp(fmt(dtp, 0x10, DT_TK_UADDR, &base), "0x10") == 0);
	CHECK(base == 0x10);
	CHECK(strcmp(fmt(dtp, 0, DT_TK_USYM, NULL), "0x0") == 0);
	/* a process that does not exist: hex */
	{
		char buf[64];

		dt_format_uaddr(dtp, 0x7ffffff0, fn, DT_TK_UADDR, buf,
		    sizeof (buf), NULL);
		CHECK(buf[0] == '0' && buf[1] == 'x');
	}
	dtrace_close(dtp);
	return (check_done("usym"));
}
