# Destructive actions need -w (or the destructive option, also from the
# program's own pragma): without it the program is not enabled, with
# DTrace's message, and nothing runs.  -e compiles only, so it accepts.
for act in 'system("echo ran")' 'raise(10)' 'stop()' 'freopen("/dev/null")'; do
	$DTRACE -q -n "BEGIN { $act; exit(0); }"
	echo "$act: exit $?"
done
$DTRACE -q -x destructive -n 'BEGIN { system("echo ran with -x destructive"); exit(0); }'
$DTRACE -q -s /dev/stdin <<'D'
#pragma D option destructive
BEGIN
{
	system("echo ran with the pragma");
	exit(0);
}
D
$DTRACE -e -n 'BEGIN { system("echo compiled"); }'
echo "-e: exit $?"
# a program without destructive actions is enabled as before
$DTRACE -q -n 'BEGIN { printf("no destructive action\n"); exit(0); }'
# without -q the "matched" line comes first: DTrace refuses when tracing
# would start, after the program was enabled
$DTRACE -n 'BEGIN { system("echo ran"); exit(0); }' 2>&1; echo "banner: exit $?"
$DTRACE -n 'BEGIN { trace(1); }' -n 'END { raise(10); }' 2>&1; echo "banner: exit $?"
