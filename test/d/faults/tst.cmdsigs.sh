# dtrace ignores SIGPIPE and SIGXFSZ for its own output; a -c command
# must not inherit that through exec(): it starts with the dispositions
# dtrace was given (by default a writer to a closed pipe dies of
# SIGPIPE, as without dtrace).  Only these two signals are looked at:
# the runner may hand down other ignored signals, which pass through.
. ./common.sh
show=$TMPDIR/showsigs
cat > $show <<'SH'
#!/bin/bash
m=$(sed -n 's/^SigIgn:\t//p' /proc/self/status)
for s in PIPE:13 XFSZ:25; do
	b=$(( 0x$m >> (${s#*:} - 1) & 1 ))
	echo "SIG${s%:*} $([ $b = 1 ] && echo ignored || echo default)"
done
SH
chmod +x $show
env --default-signal=PIPE,XFSZ $DTRACE -q -n 'BEGIN {}' -c $show
# and one dtrace was given ignored stays ignored
env --default-signal=XFSZ --ignore-signal=PIPE $DTRACE -q -n 'BEGIN {}' -c $show
