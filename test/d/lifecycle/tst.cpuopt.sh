# The option cpu traces one CPU alone: BEGIN and END fire there, tick and
# profile timers run there, and no other probe fires elsewhere.  A CPU the
# system cannot have is an invalid value.
ncpu=$(nproc)
[ "$ncpu" -gt 4 ] && ncpu=4
pin=$(mktemp)
cat > "$pin" <<PIN
#!/bin/sh
for c in \$(seq 0 $((ncpu - 1))); do taskset -c \$c cat /dev/null; done
PIN
chmod +x "$pin"
bad=0
for c in $(seq 0 $((ncpu - 1))); do
	for p in 'BEGIN { trace(cpu); exit(0); }' \
	    'tick-20ms { trace(cpu); exit(0); }' \
	    'profile-20ms { trace(cpu); exit(0); }' \
	    'tick-20ms { exit(0); } END { trace(cpu); }'; do
		got=$($DTRACE -x cpu=$c -qn "$p")
		[ "$got" = "$c" ] || { echo "cpu=$c: '$p' gave '$got'"; bad=1; }
	done
	got=$($DTRACE -x cpu=$c -c "$pin" -qn 'syscall::openat:entry
	    /progenyof($target) && execname == "cat"/ { printf("%d\n", cpu); }' |
	    sort -u | tr -d '\n')
	[ "$got" = "$c" ] || { echo "cpu=$c: syscalls on CPUs '$got'"; bad=1; }
done
# without the option, the pinned processes are seen on every CPU
got=$($DTRACE -c "$pin" -qn 'syscall::openat:entry
    /progenyof($target) && execname == "cat"/ { printf("%d\n", cpu); }' |
    sort -u | grep -c .)
[ "$got" = "$ncpu" ] || { echo "no cpu: syscalls on $got CPUs"; bad=1; }
echo "every probe on the CPU asked: $([ $bad = 0 ] && echo yes || echo no)"
rm -f "$pin"
$DTRACE -x cpu=$(getconf _NPROCESSORS_CONF) -n BEGIN 2>&1; echo "rc=$?"
$DTRACE -x cpu=-1 -n BEGIN 2>&1; echo "rc=$?"
$DTRACE -x cpu=first -n BEGIN 2>&1; echo "rc=$?"
$DTRACE -qn '#pragma D option cpu=0
BEGIN { trace(cpu); exit(0); }'; echo "rc=$?"
