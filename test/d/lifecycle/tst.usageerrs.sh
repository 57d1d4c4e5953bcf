# Command lines DTrace refuses as misused, with its messages and exit
# status 2 (1 for a bad -p value, which DTrace reports as an error): -h
# and -G need a program; -h without -o needs one script named NAME.d,
# whose NAME.h it writes.
cd $TMPDIR
printf 'provider p { probe q(int); };\n' > prov.d
cp prov.d other.d
cp prov.d noext
run() {
	"$@" 2>&1
	echo "rc=$?"
}
run $DTRACE -h
run $DTRACE -G
run $DTRACE -h -n BEGIN
run $DTRACE -h -s prov.d -s other.d
run $DTRACE -h -s noext
run $DTRACE -h -s prov.d
[ -s prov.h ] && echo "prov.h written"
run $DTRACE -h -s noext -o noext.h
[ -s noext.h ] && echo "noext.h written"
run $DTRACE -p abc -n BEGIN
run $DTRACE -p 0 -n BEGIN
# one of -G, -h, -l and -V, once, as DTrace takes them
run $DTRACE -l -V
run $DTRACE -lf read -lf write
run $DTRACE -h -G -s prov.d
