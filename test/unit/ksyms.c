/*
 * ksyms.c: kernel symbols are loaded once per process and shared; lookups
 * give module`symbol and the offset; references are counted.  Needs root
 * (kallsyms shows addresses to root only).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types/dt_ksyms.h"

#include "check.h"

/* The address of a text symbol, read from /proc/kallsyms directly. */
static unsigned long long
address_of(const char *want)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512], name[256], type;
	unsigned long long addr, found = 0;

	while (fp != NULL && fgets(line, sizeof (line), fp) != NULL) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) == 3 &&
		    strcmp(name, want) == 0 && (type == 'T' || type == 't')) {
			found = addr;
			break;
		}
	}
	if (fp != NULL)
		fclose(fp);
	return (found);
}

int
main(void)
{
	unsigned long loads = dt_ksyms_loads();
	dt_ksyms_t *a = dt_ksyms_hold(DT_KALLSYMS);
	dt_ksyms_t *b = dt_ksyms_hold(DT_KALLSYMS);
	unsigned long long addr = address_of("do_sys_openat2");
	const char *sym;
	uint64_t off = 99;

	CHECK(a != NULL && a == b);
	CHECK(dt_ksyms_loads() == loads + 1);
	CHECK(a != NULL && dt_ksyms_count(a) > 1000);
	CHECK(addr != 0);
	if (a != NULL && addr != 0) {
		sym = dt_ksyms_lookup(a, addr, &off);
		CHECK(sym != NULL && strcmp(sym, "vmlinux`do_sys_openat2") == 0);
		CHECK(off == 0);
		sym = dt_ksyms_lookup(a, addr + 0x10, &off);
		CHECK(sym != NULL && strcmp(sym, "vmlinux`do_sys_openat2") == 0);
		CHECK(off == 0x10);
		CHECK(dt_ksyms_lookup(a, 0x1000, &off) == NULL);
		CHECK(dt_ksyms_current_p(a));
	}
	dt_ksyms_rele(a);
	dt_ksyms_rele(b);
	/* the cache keeps them: the next session does not reload */
	a = dt_ksyms_hold(DT_KALLSYMS);
	CHECK(dt_ksyms_loads() == loads + 1);
	dt_ksyms_rele(a);
	return (check_done("ksyms"));
}
