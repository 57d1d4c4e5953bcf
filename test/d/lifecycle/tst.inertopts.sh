# DTrace's options that have nothing to do here are accepted, on the
# command line and in a pragma, so that scripts setting them run; their
# values are still checked.  (maxframes, here too, limits stack frames:
# stack/tst.maxframes.sh.)
$DTRACE -q -x grabanon -x lazyload -x lockmem=64m -x maxframes=50 \
    -x preallocate -n 'BEGIN { printf("accepted\n"); exit(0); }'
$DTRACE -q -n '#pragma D option maxframes=20
#pragma D option preallocate
#pragma D option preallocate=100t
BEGIN { printf("pragmas accepted\n"); exit(0); }'
$DTRACE -x maxframes=none -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x lockmem=lots -n 'BEGIN' 2>&1; echo "rc=$?"
# DTrace for Linux's compile-time options for what has no part here (DIF
# registers, CTF and module paths, DOF linking, its own debugging)
$DTRACE -q -x core -x debug -x disasm=15 -x iregs=16 -x tregs=8 -x tree=0 \
    -x kdefs -x knodefs -x udefs -x unodefs -x linkmode=static \
    -x linktype=dof -x modpath=/lib/modules -x pcapsize=2k -x pspec \
    -x verbose -x version=2.0 -n 'BEGIN { printf("accepted\n"); exit(0); }'
$DTRACE -q -n '#pragma D option disasm=4
#pragma D option linkmode=kernel
#pragma D option knodefs
BEGIN { printf("pragmas accepted\n"); exit(0); }'
$DTRACE -x disasm=16 -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x linktype=coff -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x linkmode=shared -n 'BEGIN' 2>&1; echo "rc=$?"
# and the others DTrace for Linux documents: CTF paths and files, the
# linker's, the grabbing of processes, procfs, the D system library
$DTRACE -q -x ctfpath=/x/vmlinux.ctfa -x ctypes=/tmp/c.ctf -x dtypes=/tmp/d.ctf \
    -x late=static -x ldpath=/usr/bin/ld -x linknommap -x nolibs -x pgmax=4 \
    -x procfspath=/proc -x strip -x syslibdir=/usr/lib64/dtrace -x useruid \
    -n 'BEGIN { printf("accepted\n"); exit(0); }'
$DTRACE -q -n '#pragma D option late=dynamic
#pragma D option pgmax=16
#pragma D option nolibs
BEGIN { printf("pragmas accepted\n"); exit(0); }'
$DTRACE -x late=never -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x pgmax=many -n 'BEGIN' 2>&1; echo "rc=$?"
$DTRACE -x ctfpath= -n 'BEGIN' 2>&1; echo "rc=$?"
# ldpath, lockmem and modpath are set by the command line alone: from
# within a D program they are an error, as in DTrace
for o in ldpath=/nonexistent/directory lockmem=1 modpath=/nonexistent/directory; do
	printf '#pragma D option %s\nBEGIN { exit(0); }\n' $o > $TMPDIR/ctx.d
	(cd $TMPDIR && $DTRACE -x errtags -s ctx.d 2>&1); echo "rc=$?"
done
$DTRACE -q -x ldpath=/x -x lockmem=1 -x modpath=/y -n 'BEGIN { printf("set by -x\n"); exit(0); }'
