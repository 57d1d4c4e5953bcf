# What the daemon logs of a file is safe for a terminal and bounded: a
# file whose name holds an escape sequence and a newline, with a
# malformed note, is logged with those bytes as \xHH (no raw control
# byte reaches the log; /proc/PID/maps shows the newline as \012,
# whose backslash is escaped too); 30 such files mapped by one process
# make at most 20 warnings (LOG_BURST in 10 s).
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
E=$BUILD_DIR/testprog/pdelf
bad=$TMPDIR/$'bad\e[31mred\nline'
$E make "$bad" -s 0x900000
files=()
for i in $(seq 30); do
	$E make "$TMPDIR/many$i" -s 0x900000 -a $i
	files+=("$TMPDIR/many$i")
done
pd_start "$reg" "$log" || exit 1
"$E" map "$bad" >/dev/null &
pd_extra+=($!)
pd_wait "grep -q 'bad.x1b.31mred.x5c012line: 1 malformed USDT note skipped' $log" &&
    echo 'escaped: bad\x1b[31mred\x5c012line'
echo "raw escape bytes in the log: $(grep -c $'\e' "$log")"
"$E" map "${files[@]}" >/dev/null &
pd_extra+=($!)
pd_wait "grep -q 'many30: 1 malformed' $log ||
    [ \$(grep -c 'many[0-9]*: 1 malformed' $log) -ge 19 ]"
sleep 0.5
n=$(grep -c 'malformed USDT note' "$log")
[ "$n" -le 20 ] && echo "warnings logged: at most 20" || echo "warnings logged: $n"
