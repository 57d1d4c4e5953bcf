# bufpolicy (consume/dt_pbuf.c).  A record counts what DTrace's takes:
# the printf() records of these clauses 16 bytes (a 4-byte enabled probe
# id, then i, 8 bytes, aligned to 8), an exit() record 8 (the id and a
# 4-byte status), so a 1k buffer per CPU holds 64 printf() records; the
# tick probes fire on one CPU, and END prints i.
# fill: the first 64 records, then tracing stops by itself (exit 0) and
#   END's record is printed after them.
# ring: only the latest records of the CPU that fit in 1k are printed,
#   when tracing stops (here by exit(0) at the 300th firing): its exit()
#   record and 63 printf() records.  (No END here: it may run on that
#   CPU or another.)
# switch: every record, as read.
# A policy DTrace does not have is refused, naming the three.
prog='tick-1ms { printf("%d\n", i++); }'
out=$TMPDIR/bp.out
timeout 20 $DTRACE -q -b 1k -x bufpolicy=fill -n "$prog"'
    END { printf("end\n"); }' >"$out"
echo "fill: exit $?, $(grep -c '^[0-9]' "$out") records, first $(head -1 "$out"), last $(grep '^[0-9]' "$out" | tail -1), then $(grep -v "^$" "$out" | tail -1)"
timeout 20 $DTRACE -q -b 1k -x bufpolicy=ring -n "$prog"'
    tick-1ms /i == 300/ { exit(0); }' >"$out"
echo "ring: exit $?, $(grep -c '^[0-9]' "$out") records, first $(head -1 "$out"), last $(grep '^[0-9]' "$out" | tail -1)"
timeout 20 $DTRACE -q -b 1k -x bufpolicy=switch -n "$prog"'
    tick-1ms /i == 300/ { exit(0); } END { printf("end\n"); }' >"$out"
echo "switch: exit $?, $(grep -c '^[0-9]' "$out") records"
# the records are held until the end: nothing is printed while tracing
$DTRACE -q -x bufpolicy=ring -n "$prog" >"$out" &
dt=$!
sleep 1
echo "ring, while tracing: $(wc -c <"$out") bytes printed"
kill -INT $dt
wait $dt
echo "ring, after SIGINT: exit $?, records printed: $([ -s "$out" ] && echo yes)"
$DTRACE -q -x bufresize=manual -n 'BEGIN { printf("bufresize=manual\n"); exit(0); }'
$DTRACE -x bufpolicy=wrap -n 'BEGIN { exit(0); }' 2>&1
echo "exit $?"
