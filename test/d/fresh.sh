# Fresh copies of the test programs, files no session and no daemon has
# seen (sourced, as ../fresh.sh, by the tests of holding new processes:
# usdt/tst.selfhold.sh, usdt/tst.selfholdlib.sh, dtprobed/tst.hold.sh,
# dtprobed/tst.holdlib.sh).  Each copy is in a new directory
# $TMPDIR/fresh.N; fresh_clean removes them all.
fresh_n=0
fresh_dir() { # a new directory: its path in $d
	fresh_n=$((fresh_n + 1))
	d=$TMPDIR/fresh.$fresh_n
	mkdir "$d"
}
# fresh NAME: a copy of usdttarget named NAME<N>; its path in $f
fresh() {
	fresh_dir
	f=$d/$1$fresh_n
	cp "$BUILD_DIR/testprog/usdttarget" "$f"
}
# fresh_lib NAME: a copy of usdtlibuser named NAME<N> (no probes of its
# own) with a copy of libusdtlib.so next to it (DT_RUNPATH $ORIGIN); the
# program's path in $f, the directory in $d
fresh_lib() {
	fresh_dir
	f=$d/$1$fresh_n
	cp "$BUILD_DIR/testprog/usdtlibuser" "$f"
	cp "$BUILD_DIR/testprog/libusdtlib.so" "$d/"
}
fresh_clean() {
	rm -rf "$TMPDIR"/fresh.[0-9]*
}
