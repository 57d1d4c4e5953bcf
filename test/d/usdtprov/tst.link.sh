# dtrace -h and -G: the files they write by default (the script's name
# with .h and .o), the header's macro names (provider and probe upper
# case, "__" as "_"), and the errors of -G: an object without probes of
# the declared providers, a probe the declaration lacks, a probe with
# another number of arguments, a file that is not an object, no objects;
# and of -h: a script that declares no provider.  Nothing is left written
# on error.
cd "$TMPDIR" || exit 1
cat >lnk.d <<'PROV'
provider lnk {
	probe request__start(char *, int);
	probe done();
};
PROV
cat >lnk.c <<'PROG'
#include "lnk.h"
void f(char *s) { LNK_REQUEST_START(s, 1); if (LNK_DONE_ENABLED()) LNK_DONE(); }
PROG
$DTRACE -h -s lnk.d; echo "-h: exit $?, $(ls lnk.h)"
grep -Eo '^#define[[:space:]]+LNK_[A-Z_]+\([a-z0-9, ]*\)' lnk.h | sed 's/^#define[[:space:]]*//'
cc -c lnk.c -o lnk.o || echo "lnk.c does not compile"
$DTRACE -G -s lnk.d lnk.o 2>&1; echo "-G over its input: exit $?"
$DTRACE -G -s lnk.d -o lnkprov.o lnk.o; echo "-G -o: exit $?, $(ls lnkprov.o)"
mkdir sub && cd sub && cp ../lnk.d . && $DTRACE -G -s lnk.d ../lnk.o
echo "-G: exit $?, $(ls lnk.o)"; cd ..

echo 'void g(void) { }' >other.c
cc -c other.c -o other.o
$DTRACE -G -s lnk.d -o out1.o lnk.o other.o 2>&1; echo "no probes: exit $?"
cat >lnk2.d <<'PROV'
provider lnk {
	probe request__start(char *, int);
};
PROV
$DTRACE -G -s lnk2.d -o out2.o lnk.o 2>&1; echo "undeclared: exit $?"
cat >lnk3.d <<'PROV'
provider lnk {
	probe request__start(char *);
	probe done();
};
PROV
$DTRACE -G -s lnk3.d -o out3.o lnk.o 2>&1; echo "arguments: exit $?"
$DTRACE -G -s lnk.d -o out4.o lnk.c 2>&1; echo "not an object: exit $?"
$DTRACE -G -s lnk.d -o out5.o 2>&1; echo "no objects: exit $?"
echo 'BEGIN { exit(0); }' >noprov.d
$DTRACE -h -s noprov.d -o out6.h 2>&1; echo "no provider: exit $?"
ls out*.[ho] 2>/dev/null
# -o naming a device or a pipe: written into it, never replaced by a
# regular file, nor removed when -h fails (dtrace -G -o /dev/null)
mknod dev c 1 3
$DTRACE -G -s lnk.d -o dev lnk.o; echo "-G -o device: exit $?, $(stat -c %F dev)"
$DTRACE -h -s noprov.d -o dev 2>&1
echo "-h -o device, failing: exit $?, $(stat -c %F dev)"
mkfifo fifo
cat fifo >fromfifo &
$DTRACE -G -s lnk.d -o fifo lnk.o; echo "-G -o fifo: exit $?"
wait
echo "through the fifo:$(od -An -c -N4 fromfifo)"
# the object links with the program and the program runs
cat >main.c <<'PROG'
void f(char *);
int main(void) { char s[] = "x"; f(s); return 0; }
PROG
cc -o lnk main.c lnk.o 2>/dev/null && echo "linked without the -G object?"
cc -o lnk main.c lnk.o lnkprov.o && ./lnk && echo "links and runs"
