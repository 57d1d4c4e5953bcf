# dtprobed holds a new process at its exec until the sessions that want
# the probes of the libraries its loader maps at start have armed them
# (libdtrace/proc/dt_ldsearch.c): usdtlibuser, which has no probes of its own,
# needs libusdtlib.so next to it (DT_RUNPATH $ORIGIN) and fires its
# probe 5 times as the first thing it does.  20 fresh copies of both (a
# new directory each: files never seen), one after another: every
# firing is counted (100), and each library is in the known list; then
# 5 whose library only the exec's LD_LIBRARY_PATH finds (25 more).  A
# library another user's program needs but that user cannot read is not
# read by the daemon, which looks for it as that user.
. ./lib.sh
reg=$TMPDIR/holdlib.reg
log=$TMPDIR/pd.log
. ../fresh.sh
pd_start "$reg" "$log" -H 5000 || exit 1
$DTRACE -Z -q -x registry="$reg" -n 'BEGIN { printf("ready\n"); }
dt_usdt*:::lib_fire /substr(execname, 0, 5) == "pdlib"/ { @ = count(); }
END { printa("%@d\n", @); }' >"$TMPDIR/a.out" 2>"$TMPDIR/dt.err" &
dt=$!
pd_extra+=($dt)
pd_wait "grep -q ready $TMPDIR/a.out" || echo "the session did not start"
pd_wait "[ -f $reg/session.$dt ]" || echo "no session file"
for i in $(seq 20); do fresh_lib pdlib; "$f" 5; done
# 5 more whose library is only in a directory that the exec's
# LD_LIBRARY_PATH names (the exec's own, not the shell's environment)
for i in $(seq 5); do
	fresh_lib pdlib
	mkdir "$d/elsewhere"
	mv "$d/libusdtlib.so" "$d/elsewhere/"
	LD_LIBRARY_PATH=$d/elsewhere "$f" 5
done
# another user's program whose library is a link into a directory only
# root may enter: the daemon looks for it as that user, so it neither
# reads it nor lists it (the loader cannot open it either: the program
# fails), where a search as root would have
pub=$(mktemp -d /tmp/holdlib.XXXXXX)
chmod 755 "$pub"
mkdir -m 700 "$pub/secret"
cp "$BUILD_DIR/testprog/libusdtlib.so" "$pub/secret/"
cp "$BUILD_DIR/testprog/usdtlibuser" "$pub/pdlibx"
ln -s "$pub/secret/libusdtlib.so" "$pub/libusdtlib.so"
setpriv --reuid=65534 --regid=65534 --clear-groups "$pub/pdlibx" 5 \
    >/dev/null 2>&1 && echo "the other user's program ran"
sleep 0.5
kill -INT $dt
wait $dt
echo "25 fresh programs, each with a fresh library:" \
    "$(grep -v '^ready$' "$TMPDIR/a.out" | grep . || echo 0) firings"
# (the test's own copies: the daemon also reads the other processes of
# the machine, other tests' among them)
near=$(grep -c "$TMPDIR/fresh\.[0-9]*/libusdtlib.so\$" $reg/known)
far=$(grep -c "$TMPDIR/fresh\.[0-9]*/elsewhere/libusdtlib.so\$" $reg/known)
echo "libraries listed in known: $near, through LD_LIBRARY_PATH: $far"
echo "the root-only one listed: $(grep -c "$pub/secret" $reg/known)"
grep -q "$pub/secret" "$log" && echo "the daemon read it: $(grep "$pub/secret" "$log")"
rm -rf "$pub"
grep -v "skipped\|truncated USDT note" "$TMPDIR/dt.err" >&2 || true
fresh_clean
rm -rf "$reg"
