# -D, -U and -I reach the preprocessor in the order given: a later -U
# undoes an earlier -D, a later -D redefines; -x define, undef and incdir
# do the same.
$DTRACE -C -D VALUE=1 -D GONE -U GONE -D 'NAME="first"' -I inc -s dui.d.in
echo "rc=$?"
$DTRACE -C -U VALUE -D VALUE=2 -D GONE -D 'NAME="second"' -I inc -s dui.d.in
echo "rc=$?"
$DTRACE -x cpp -x define=VALUE=3 -x 'define=NAME="third"' -x incdir=inc \
    -s dui.d.in
echo "rc=$?"
# without -I the header is not found
$DTRACE -C -D VALUE=4 -D 'NAME="fourth"' -s dui.d.in 2>&1 | head -1
# bad macro names are refused before anything runs
$DTRACE -C -D 2X -n 'BEGIN { exit(0); }' 2>&1; echo "rc=$?"
$DTRACE -C -U 'X=1' -n 'BEGIN { exit(0); }' 2>&1; echo "rc=$?"
$DTRACE -C -I '' -n 'BEGIN { exit(0); }' 2>&1; echo "rc=$?"
