# A child forked by a traced process (no exec) carries its parent's USDT
# probes: under a glob that names every process (fk*:::, -Z), the
# child's firings name their probe in full, as the parent's do:
# probeprov is the provider with the child's pid, probemod, probefunc
# and probename those of the site.  The parent fires go before the fork
# and after the child exits, the child fires go once and child once.
cd "$TMPDIR" || exit 1
cat >fk.d <<'PROV'
provider fk {
	probe go(int);
	probe child();
};
PROV
cat >fk.c <<'PROG'
#include <sys/wait.h>
#include <unistd.h>
#include "fk.h"
int
main(void)
{
	FK_GO(1);
	if (fork() == 0) {
		FK_GO(2);
		FK_CHILD();
		return (0);
	}
	(void) wait(NULL);
	FK_GO(3);
	return (0);
}
PROG
$DTRACE -h -s fk.d && cc -c fk.c -o fk.o && $DTRACE -G -s fk.d -o fkprov.o fk.o &&
    cc -o fkprog fk.o fkprov.o || exit 1
$DTRACE -Z -q -c ./fkprog -n 'fk*::: {
	printf("%s %s %s:%s:%s arg0 %d\n", pid == $target ? "parent" : "child",
	    probeprov == strjoin("fk", lltostr(pid)) ? "fkPID" : probeprov,
	    probemod, probefunc, probename, probename == "go" ? arg0 : 0); }'
echo "exit $?"
