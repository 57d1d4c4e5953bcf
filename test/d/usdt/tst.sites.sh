# Several sites of one probe in one function are one probe, as in
# DTrace: a probe is a provider, module, function and name, however
# many places fire it.  fire() has two sites of ms:::twice whose
# arguments are read differently (a register, a constant): dtrace -l and
# -lv list the probe once, a description matches 1 probe, and every
# site fires it with its own argument: for the -c process alone, and
# under -Z with a glob, where shared probes serve the sites (a child
# forked without exec fires its parent's sites), with one id whichever
# site fires.
cd "$TMPDIR" || exit 1
cat >ms.d <<'PROV'
provider ms {
	probe twice(int);
};
PROV
cat >ms.c <<'PROG'
#include <sys/wait.h>
#include <unistd.h>
#include "ms.h"
static void __attribute__((noinline))
fire(int n)
{
	MS_TWICE(n);
	MS_TWICE(7);
}
int
main(void)
{
	fire(1);
	if (fork() == 0) {
		fire(2);
		return (0);
	}
	(void) wait(NULL);
	fire(3);
	return (0);
}
PROG
$DTRACE -h -s ms.d && cc -O2 -c ms.c -o ms.o &&
    $DTRACE -G -s ms.d -o msprov.o ms.o && cc -o msprog ms.o msprov.o ||
    exit 1
echo "sites: $(readelf -n msprog | grep -c 'Name: twice')"
$DTRACE -l -n 'ms$target:::' -c ./msprog | awk '{ print $3, $4, $5 }'
echo "-lv: $($DTRACE -lv -n 'ms$target:::' -c ./msprog | grep -c 'args\[0\]')"
$DTRACE -n 'ms$target:::twice /pid == $target/ { trace(arg0); }' \
    -c ./msprog 2>ms.err >ms.out
echo "exit $?"
grep matched ms.err | sed 's/^dtrace: //'
awk 'NF == 4 { print $3, $4 }' ms.out
$DTRACE -Z -q -c ./msprog -n 'uint64_t last[int];
    ms*:::twice /last[pid] != 0 && last[pid] != id/ {
	printf("%s: another id\n", pid == $target ? "parent" : "child"); }
    ms*:::twice {
	last[pid] = id;
	printf("%s %s %s:%s:%s %d\n", pid == $target ? "parent" : "child",
	    probeprov == strjoin("ms", lltostr(pid)) ? "msPID" : probeprov,
	    probemod, probefunc, probename, arg0); }'
echo "exit $?"
