# A stripped program's functions come from its separate debug file, as
# Debian's -dbgsym packages install them: pidtarget's debug part
# (objcopy --only-keep-debug) found by its build id under option
# debugdir (DIR/.build-id/xx/yyyy.debug), then, with no build-id file,
# through its .gnu_debuglink (the name and CRC-32) beside the program,
# and in its .debug/ directory.  Without it dt_pt_add, which is not in
# .dynsym, matches no probe; with it the pid probe fires (2 calls) and
# ustack names the function.  A debug link whose CRC does not match is
# not used.
d=$TMPDIR/dbg
mkdir -p $d/root $d/bin/.debug
cp $BUILD_DIR/testprog/pidtarget $d/full
objcopy --only-keep-debug $d/full $d/pidtarget.debug
id=$(readelf -n $d/full | awk '/Build ID/ { print $3 }')
[ -n "$id" ] || echo "no build id"
strip -o $d/bin/stripped $d/full
objcopy --add-gnu-debuglink=$d/pidtarget.debug $d/bin/stripped
prog='pid$target:a.out:dt_pt_add:entry { @n = count(); @s[ufunc(uregs[R_PC])] = count(); }
    END { printa("calls %@d\n", @n); printa("%A %@d\n", @s); }'
run() { # label, dtrace options
	local label=$1
	shift
	local out
	out=$($DTRACE -q "$@" -n "$prog" -c "$d/bin/stripped 2" 2>&1)
	case $out in
	*"does not match any probes"*) echo "$label: dt_pt_add matches no probe" ;;
	*) echo "$label: $(grep -v '^$' <<<"$out" | tr '\n' ' ')" ;;
	esac
}
run "no debug file" -x debugdir=$d/root
mkdir -p $d/root/.build-id/${id:0:2}
cp $d/pidtarget.debug $d/root/.build-id/${id:0:2}/${id:2}.debug
run "by build id" -x debugdir=$d/root
rm -r $d/root/.build-id
cp $d/pidtarget.debug $d/bin/pidtarget.debug
run "debug link beside it" -x debugdir=$d/root
mv $d/bin/pidtarget.debug $d/bin/.debug/
run "debug link in .debug/" -x debugdir=$d/root
echo garbage >>$d/bin/.debug/pidtarget.debug
run "CRC mismatch" -x debugdir=$d/root
$DTRACE -x debugdir=relative -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
