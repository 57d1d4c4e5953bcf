# A memory cgroup too small for a map: the kernel charges BPF maps to the
# cgroup of the process that creates them, and refuses with ENOMEM.  With
# bufresize=auto (the default, as in DTrace) the buffer, aggsize and
# dynvarsize are halved until the maps can be made, each with DTrace's
# warning; with bufresize=manual the error names the map and the option
# that sizes it, exit 1.  The same limit lets a session with the default
# sizes run, so the failures are the options' doing.  The cgroup is a
# child of the test's own (cgroup v1's memory hierarchy, or cgroup v2
# with the memory controller).
. ./common.sh
own=$(sed -nE 's/^[0-9]+:memory:(.*)$/\1/p' /proc/self/cgroup)
if [ -n "$own" ] && [ -d /sys/fs/cgroup/memory ]; then
	cg=/sys/fs/cgroup/memory${own%/}/dtrace-memcg-$$
	limit=memory.limit_in_bytes
else
	root=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	own=$(sed -nE 's/^0::(.*)$/\1/p' /proc/self/cgroup)
	cg=$root${own%/}/dtrace-memcg-$$
	limit=memory.max
	echo +memory > "$root${own%/}/cgroup.subtree_control" 2>/dev/null
fi
if ! mkdir "$cg" || ! echo $((48 << 20)) > "$cg/$limit"; then
	echo "cannot make a memory cgroup at $cg" >&2
	exit 1
fi
# run_in ARGS...: dtrace ARGS in the cgroup; its error lines and exit
# status.  A size lowered to is shown as "Nm" when under what was asked
# (256m or 512m): where the halving stops depends on what else the
# session's maps take (a hash map's buckets are made with it, its
# entries as keys arrive).
run_in() {
	(echo $BASHPID > "$cg/cgroup.procs" && exec $DTRACE -q "$@") \
	    2>&1 >/dev/null | grep -v '^libbpf: ' | awk '{
		if (match($0, /lowered to [0-9]+m$/) &&
		    substr($0, RSTART + 11, RLENGTH - 12) + 0 < 256)
			$0 = substr($0, 1, RSTART - 1) "lowered to Nm"
		print }'
	echo "exit ${PIPESTATUS[0]}"
}
echo "defaults:"
run_in -n 'BEGIN { @a[1] = count(); a[1] = 1; exit(0); }'
echo "aggsize=256m:"
run_in -x aggsize=256m -n 'BEGIN { @a[1] = count(); exit(0); }'
echo "aggsize=256m, bufresize=manual:"
run_in -x aggsize=256m -x bufresize=manual -n 'BEGIN { @a[1] = count(); exit(0); }'
echo "dynvarsize=512m:"
run_in -x dynvarsize=512m -n 'BEGIN { a[1] = 1; exit(0); }'
# (256m: 512m of 20-byte a[int] = int elements are more than a map is
# made for, which bufresize=manual refuses before any memory is asked)
echo "dynvarsize=256m, bufresize=manual:"
run_in -x dynvarsize=256m -x bufresize=manual -n 'BEGIN { a[1] = 1; exit(0); }'
# the principal buffer likewise (32m fits under the 48 MB limit)
echo "bufsize=256m:"
run_in -x bufsize=256m -n 'BEGIN { exit(0); }'
echo "bufsize=256m, bufresize=manual:"
run_in -x bufsize=256m -x bufresize=manual -n 'BEGIN { exit(0); }'
rmdir "$cg"
