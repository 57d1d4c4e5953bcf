# -i takes the ids dtrace -l prints (or, as in DTrace, a description); a probe has the same id in every
# session, whatever other probes it uses.
id=$($DTRACE -l -n 'syscall::getpid:entry' | awk 'NR == 2 { print $1 }')
id2=$($DTRACE -l | awk '$4 == "getpid" && $5 == "entry" { print $1 }')
[ "$id" = "$id2" ] && echo "same id in a full listing"
$DTRACE -l -i "$id" | awk 'NR == 2 { print $2, $4, $5 }'
$DTRACE -q -n "syscall::getpid:entry /pid == \$target/ { printf(\"%d\\n\", id == $id); exit(0); }" \
    -n 'tick-1s { exit(0); }' -c 'sh -c "echo \$\$ >/dev/null; exec python3 -c \"import os; os.getpid()\""' 2>/dev/null | head -1
$DTRACE -i 999999 2>&1 | head -1
$DTRACE -i 12x 2>&1 | head -1
# anything but digits is a probe description, its last field the name
$DTRACE -l -i BEGIN | awk 'NR == 2 { print $2, $3 }'
$DTRACE -l -i 'dtrace:::END' | awk 'NR == 2 { print $2, $3 }'
$DTRACE -q -i 'BEGIN { printf("clause\n"); exit(0); }'
$DTRACE -i 0 2>&1 | head -1
# -i N-M is no range of ids: as DTrace reads it, probe id N and a second
# description, the probe named -M (which matches nothing)
$DTRACE -i 0-2 2>&1 | head -1
$DTRACE -i 2-2 2>&1 | head -1
$DTRACE -l -i 1-5 2>&1 | awk '{ print $2, $NF }'
$DTRACE -Zq -i '1-9 { printf("begin only\n"); exit(0); }'
