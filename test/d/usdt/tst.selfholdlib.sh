# With no dtprobed, the session holds a new process at its exec until it
# has armed the probes of the libraries its loader will map at start, as
# the loader finds them (probes/dt_hold.c, proc/dt_ldsearch.c): a
# program without probes of its own (usdtlibuser) fires the probe of
# libusdtlib.so 5 times as the first thing it does and exits.  Fresh
# copies of both, files never seen:
#  - 20 one after another, the library next to the program (DT_RUNPATH
#    $ORIGIN): 100 firings;
#  - 5 whose library is only in a directory named by LD_LIBRARY_PATH,
#    which the exec is given (not the shell's own environment): 25;
#  - 5 with a library next to them and another copy preloaded
#    (LD_PRELOAD, a path): the preloaded one's functions come first, so
#    it is the one that fires: 25;
#  - with usdthold=0 (no hold), 10 of the first kind: firings are lost.
# The registry named is a directory that does not exist: no daemon.
. ../fresh.sh
noreg=$TMPDIR/shl.noreg
session() { # $1: name, then options; its pid in $dt
	local name=$1
	shift
	$DTRACE -Z -q -x registry="$noreg" "$@" -n 'BEGIN { printf("ready\n"); }
	dt_usdt*:::lib_fire /substr(execname, 0, 4) == "shl_"/ { @ = count(); }
	END { printa("%@d\n", @); }' >"$TMPDIR/$name.out" 2>>"$TMPDIR/shl.err" &
	dt=$!
	for _ in $(seq 200); do
		grep -q ready "$TMPDIR/$name.out" && break
		sleep 0.05
	done
}
stop() { # $1: name; the firings counted in $c
	sleep 0.5
	kill -INT "$dt"
	wait "$dt"
	c=$(grep -v '^ready$' "$TMPDIR/$1.out" | grep . || echo 0)
}

session a -x usdthold=5000
for _ in $(seq 20); do fresh_lib shl_a; "$f" 5; done
stop a
echo "20 fresh programs, each with a fresh library next to it: $c firings"

session b -x usdthold=5000
for _ in $(seq 5); do
	fresh_lib shl_b
	mkdir "$d/elsewhere"
	mv "$d/libusdtlib.so" "$d/elsewhere/"
	LD_LIBRARY_PATH=$d/elsewhere "$f" 5
done
stop b
echo "5 whose library is found through LD_LIBRARY_PATH: $c firings"

session p -x usdthold=5000
for _ in $(seq 5); do
	fresh_lib shl_p
	mkdir "$d/pre"
	cp "$BUILD_DIR/testprog/libusdtlib.so" "$d/pre/"
	LD_PRELOAD=$d/pre/libusdtlib.so "$f" 5
done
stop p
echo "5 with a preloaded library: $c firings"

session n -x usdthold=0
for _ in $(seq 10); do fresh_lib shl_n; "$f" 5; done
stop n
echo "usdthold=0, some of 50 missed: $([ "$c" -lt 50 ] && echo yes ||
    echo "no, $c")"
grep -v "skipped\|truncated USDT note\|more warnings" "$TMPDIR/shl.err" >&2 ||
    true
fresh_clean
