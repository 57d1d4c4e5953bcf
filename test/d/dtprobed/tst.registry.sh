# The daemon's registry: a running usdttarget's file lists its object and
# its probes (site and semaphore offsets, provider, name, specs), the file
# is root's, 0644, in a 0755 directory of root, written whole (no
# temporary left), and removed when the process exits.  The malformed
# notes usdttarget carries are logged naming the file.  A library's
# probes are listed under the library.  Without -F the
# daemon returns once its registry is ready, its pid in dtprobed.pid.
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
pd_start "$reg" "$log" || exit 1
"$BUILD_DIR/testprog/usdttarget" loop >/dev/null &
p=$!
pd_extra+=($p)
pd_wait "[ -f $reg/$p ]" || echo "no registry file for usdttarget"
echo "directory: $(stat -c '%a %U' "$reg")"
echo "file: $(stat -c '%a %U' "$reg/$p")"
echo "temporary files: $(ls -A "$reg" | grep -c '^\.')"
# the file, with the offsets, the build directory and the specs the
# compiler chose masked
sed -E -e "s/^pid $p\$/pid PID/" -e 's/^start [0-9]+$/start START/' \
    -e 's|^object [0-9]+:[0-9]+ [0-9]+ .*/testprog/|object DEV INO BUILD/testprog/|' \
    -e 's/^note [0-9a-f]+ 0 /note SITE 0 /' \
    -e 's/^note [0-9a-f]+ [0-9a-f]+ /note SITE SEMA /' \
    -e 's/^(note .* dt_usdt (zero|one|two|three|konst|global|tick__now|guarded)) .*/\1 ARGS/' \
    "$reg/$p"
# the start is the process's (field 22 of its stat)
[ "$(sed -n 's/^start //p' "$reg/$p")" = "$(awk '{ print $22 }' /proc/$p/stat)" ] &&
    echo "start: the process's"
grep -q "testprog/usdttarget: 2 malformed USDT notes skipped" "$log" &&
    echo "malformed notes: logged"
kill $p
wait $p 2>/dev/null
pd_wait "[ ! -e $reg/$p ]" && echo "removed at exit"
# a library's probes: mapped after the exec, found by the second look
"$BUILD_DIR/testprog/usdttarget-lib" loop >/dev/null &
p=$!
pd_extra+=($p)
pd_wait "grep -q libusdtlib.so $reg/$p 2>/dev/null"
echo "usdttarget-lib: $(sed -n 's|^object .*/||p' "$reg/$p" | sort | tr '\n' ' ')"
kill $p
wait $p 2>/dev/null
kill $pd_pid
wait $pd_pid
echo "daemon exit $?"

# daemonized: returns when ready, the pid file names the daemon
"$PD" -d "$TMPDIR/reg2"
echo "daemonized exit $?"
d=$(cat "$TMPDIR/reg2/dtprobed.pid")
pd_extra+=($d)
[ "$(readlink /proc/$d/exe)" = "$(readlink -f "$PD")" ] && echo "pid file: the daemon"
kill $d
pd_wait "! kill -0 $d 2>/dev/null" && echo "daemon stopped"
