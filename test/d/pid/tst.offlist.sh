# A description naming one function and no probe name (pid$pid:a.out:
# dt_pt_mul:) has its entry, its return and a probe at each of its
# instructions, named by the offset in hex: the same offsets as objdump
# gives.  A function glob gets no offset probes (list.out); with a glob
# and an offset, the functions where the offset is not an instruction
# are left out.
bin="$BUILD_DIR/testprog/pidtarget"
out=$(mktemp)
"$bin" loop >"$out" &
bg=$!
for i in $(seq 50); do [ -s "$out" ] && break; sleep 0.05; done
pid=$(cat "$out")
addrs=$(objdump -d --no-show-raw-insn "$bin" | awk '
    /<dt_pt_mul>:$/ { f = 1; next }
    f && !/^ +[0-9a-f]+:/ { exit }
    f { sub(":", "", $1); print $1 }')
start=$(echo "$addrs" | head -1)
want=$(for a in $addrs; do printf '%x\n' $((0x$a - 0x$start)); done)
list=$($DTRACE -l -n "pid$pid:a.out:dt_pt_mul:")
echo "exit $?"
echo "$list" | awk 'NR > 1 { print $5 }' | grep -vE '^(entry|return)$' \
    >"$out.got"
echo "$list" | awk 'NR > 1 { print $2, $3, $4 }' | sort -u |
    sed -E "s/pid$pid/pidN/"
echo "$list" | awk 'NR > 1 { print $5 }' | grep -cE '^(entry|return)$'
if [ "$want" = "$(cat "$out.got")" ] && [ -n "$want" ]; then
	echo "offsets as objdump gives them"
else
	echo "offsets differ: objdump" $want "dtrace" $(cat "$out.got")
fi
# the same offset named again is the same probe (one id)
$DTRACE -l -n "pid$pid:a.out:dt_pt_mul:0" -n "pid$pid:a.out:dt_pt_mul:0" |
    awk 'NR > 1 { print $1 }' | sort -u | wc -l
# with a function glob, the functions where offset 4 is an instruction
# (objdump's) and no others
want=$(objdump -d --no-show-raw-insn "$bin" | awk '
    /^[0-9a-f]+ <dt_pt_[a-z]+>:$/ { f = $2; gsub(/[<>:]/, "", f); next }
    /^$/ { f = "" }
    f != "" && $1 ~ /:$/ { print f, $1 }' |
    while read -r f a; do
	[ "$f" = "$prev" ] || start=${a%:}
	prev=$f
	[ $((0x${a%:} - 0x$start)) -eq 4 ] && echo "$f"
    done)
got=$($DTRACE -l -n "pid$pid:a.out:dt_pt_*:4" | awk 'NR > 1 { print $4 }')
echo "functions with an instruction at 4:" $want
[ "$want" = "$got" ] && echo "the glob's functions with offset 4 as objdump" ||
    echo "differ: objdump" $want "dtrace" $got
# every offset of libc's pthread_spin_lock but its first instruction,
# lock decl, which the kernel cannot place a uprobe on
$DTRACE -l -n "pid$pid:libc.so.6:pthread_spin_lock:" |
    awk 'NR > 1 && $5 ~ /^[0-9a-f]+$/ { n++; if ($5 == "0") z++ }
    END { printf "offset 0 listed: %d; other offsets: %s\n", z,
	(n > 0 ? "yes" : "none") }'
kill "$bg"
wait "$bg" 2>/dev/null
rm -f "$out" "$out.got"
