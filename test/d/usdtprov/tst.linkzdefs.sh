# dtrace -h and -G imply -Z, as in DTrace: a description that matches no
# probe is compiled, not refused (a build's "dtrace -G -fPIC" passes
# -f PIC, the description ::PIC:), and the header or object is written.
cd "$TMPDIR" || exit 1
printf 'provider zd {\n\tprobe go();\n};\n' >zd.d
printf '#include "zd.h"\nvoid f(void) { ZD_GO(); }\n' >zd.c
$DTRACE -h -fPIC -o zd.h -s zd.d; echo "-h -fPIC -o zd.h: exit $?, $(ls zd.h)"
cc -c zd.c -o zd.o || exit 1
$DTRACE -G -fPIC -o zdprov.o -s zd.d zd.o; echo "-G -fPIC: exit $?, $(ls zdprov.o)"
$DTRACE -G -n 'nosuch:::go' -o zd2.o -s zd.d zd.o; echo "-G -n nosuch:::go: exit $?, $(ls zd2.o)"
cc -shared -o libzd.so zd.o zdprov.o && echo linked
