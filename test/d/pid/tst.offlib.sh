# An offset probe in a shared library of a running process: the second
# instruction of libc's clock_nanosleep (offset from objdump), which the
# loop calls every 20 ms through nanosleep (clockid CLOCK_REALTIME, 0,
# flags 0).  It fires once a call, with the argument registers.
lib=/lib/x86_64-linux-gnu/libc.so.6
off=$(objdump -d --no-show-raw-insn "$lib" | awk '
    /^[0-9a-f]+ <clock_nanosleep@[^>]*>:$/ { f = 1; next }
    f && !/^ +[0-9a-f]+:/ { exit }
    f { sub(":", "", $1); print $1 }' | head -2 |
    { read -r a; read -r b; printf '%x' $((0x$b - 0x$a)); })
out=$(mktemp)
"$BUILD_DIR/testprog/pidtarget" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(cat "$out")
$DTRACE -q -p "$pid" -n "
pid\$target:libc.so.6:clock_nanosleep:entry { self->in = 1; }
pid\$target:libc.so.6:clock_nanosleep:$off /self->in/
{
	printf(\"%s:%s clockid %d flags %d\n\", probefunc,
	    probename == \"$off\" ? \"OFF\" : probename, arg0, arg1);
	self->in = 0;
	n++;
}
pid\$target:libc.so.6:clock_nanosleep:$off /n == 3/ { exit(0); }"
echo "dtrace exit $?"
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out"
