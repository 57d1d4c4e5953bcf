# A D library file may be empty, or hold only its dependencies, as in
# DTrace (liba.d needing libb.d, libc.d and libd.d, libc.d and libd.d
# empty, one with a blank line and a comment): the program compiles and
# runs.
lib=$TMPDIR/libempty
mkdir -p $lib
printf '#pragma D depends_on library libb.d\n#pragma D depends_on library libc.d\n#pragma D depends_on library libd.d\n' >$lib/liba.d
printf '#pragma D depends_on library libc.d\n' >$lib/libb.d
: >$lib/libc.d
printf '\n/* nothing */\n' >$lib/libd.d
printf '#pragma D depends_on library liba.d\n' >$lib/libe.d
$DTRACE -L $lib -q -n 'BEGIN { printf("ok\n"); exit(0); }'
echo "rc=$?"
$DTRACE -L $lib -e -n 'BEGIN { exit(0); }'
echo "rc=$?"
