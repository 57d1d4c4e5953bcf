# -H: the preprocessor names each file it includes on standard error, one
# dot per level of nesting; the program's own output is unchanged.
$DTRACE -C -H -I inc -D VALUE=1 -D 'NAME="n"' -s dui.d.in 2>&1 >/dev/null
echo "rc=$?"
# -x cpphdrs is the same
$DTRACE -x cpp -x cpphdrs -s tst.include.d 2>&1 >/dev/null
echo "rc=$?"
# without -C nothing is preprocessed, so nothing is listed
$DTRACE -H -q -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
