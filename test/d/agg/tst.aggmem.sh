# The kernel memory of aggregations follows aggsize, not the number of
# aggregations: 60 integer-keyed aggregations share one map, made for
# aggsize bytes of entries on each CPU (with one map each, 60 maps of 4 MB
# of hash buckets each were 252 MB here).  The session's maps are found
# through its descriptors; their memlock, as bpftool shows it, stays
# within twice aggsize (4 MB by default) per CPU.
prog='BEGIN {'
for i in $(seq 1 60); do prog="$prog @a$i[$i] = count();"; done
prog="$prog printf(\"ready\\n\"); } tick-3s { exit(0); }"
out="$TMPDIR/aggmem.out"
$DTRACE -q -n "$prog" >"$out" 2>&1 &
pid=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.1; done
for id in $(cat /proc/$pid/fdinfo/* 2>/dev/null | awk '/^map_id:/ { print $2 }' | sort -u); do
	bpftool map show id "$id"
done >"$TMPDIR/aggmem.maps"
wait $pid
echo "exit $?"
echo "entries printed: $(grep -cE '^ +[0-9]+ +1$' "$out")"
ncpu=$(getconf _NPROCESSORS_CONF)
awk -v ncpu="$ncpu" '
    / name dt_a[0-9]+ / { agg = 1; n++; next }
    agg && /memlock/ { sub(/B$/, "", $NF); mem += $NF; agg = 0 }
    END {
	print "aggregation maps: " n
	lim = 2 * ncpu * 4 * 1048576
	if (mem > 0 && mem <= lim)
		print "memlock within 2 x aggsize per CPU"
	else
		print "memlock " mem " over " lim
    }' "$TMPDIR/aggmem.maps"
