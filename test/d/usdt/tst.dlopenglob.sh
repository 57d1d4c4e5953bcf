# Without -Z, a library a -c process loads with dlopen() gains the
# probes the session's descriptions name: here go:entry of the pid
# provider and the USDT probe pyramid:::entry inside go, in the program
# and in the library alike, under pid$target/pyramid$target and under
# one glob naming both providers (p*d$target).  Each go runs once:
# 2 firings (pid and USDT) in each module.
cd "$TMPDIR" || exit 1
printf 'provider pyramid {\n\tprobe entry();\n};\n' >prov.d
cat >alt.c <<'PROG'
#include "prov.h"
void
go(void)
{
	PYRAMID_ENTRY();
}
PROG
cat >main.c <<PROG
#include <dlfcn.h>
#include <stddef.h>
#include "prov.h"
void
go(void)
{
	PYRAMID_ENTRY();
}
int
main(void)
{
	void *h;
	void (*alt_go)(void);

	go();
	if ((h = dlopen("$TMPDIR/libalt.so", RTLD_NOW | RTLD_LOCAL)) == NULL ||
	    (*(void **)&alt_go = dlsym(h, "go")) == NULL)
		return (1);
	alt_go();
	return (0);
}
PROG
$DTRACE -h -s prov.d && cc -c main.c && $DTRACE -G -o provmain.o -s prov.d main.o &&
    cc -o main main.o provmain.o -ldl && cc -fPIC -c alt.c &&
    $DTRACE -G -o provalt.o -s prov.d alt.o &&
    cc -shared -o libalt.so alt.o provalt.o || exit 1
for d in 'pid$target::go:entry, pyramid$target::go:entry' 'p*d$target::go:entry'; do
	echo "$d"
	$DTRACE -q -n "$d"' { @[probemod, probefunc, probename] = count(); }
	    END { printa("%s:%s:%s %@u\n", @); }' -c ./main
	echo "exit $?"
done
