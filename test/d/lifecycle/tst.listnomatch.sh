# dtrace -l implies -Z, as in DTrace: a description that matches no probe
# is reported on stderr ("failed to match PRV:MOD:FUNC:NAME: No probe
# matches description") and the listing goes on with the others; the exit
# status is 0.  The descriptions listed are the compiled ones, so -m, -P
# and -f arguments with a clause, and every clause of a -s script, list
# their probes.
exec 2>&1
$DTRACE -l -n 'nosuch:::'
echo "rc=$?"
$DTRACE -l -n 'nosuch:::' -n 'dtrace:::BEGIN'
echo "rc=$?"
$DTRACE -l -m 'nosuchmod/probefunc == "x"/{ trace(1); }'
echo "rc=$?"
$DTRACE -l -P 'dtrace{ trace(1); }' | awk '{ print $2, $NF }'
printf 'BEGIN { exit(0); }\nnosuch:::entry, dtrace:::END { }\n' > $TMPDIR/l.d
$DTRACE -l -s $TMPDIR/l.d
echo "rc=$?"
# descriptions are read from the right, as in DTrace: a leading separator
# with nothing before it is no field; a field more than the option takes
# is "Overspecified"
$DTRACE -lf ':vmlinux::'
$DTRACE -lf '::read:'
$DTRACE -lf 'profile:::tick-1000' 2>&1 >/dev/null | head -1
echo "rc=${PIPESTATUS[0]}"
$DTRACE -l -n ':dtrace:::BEGIN'
