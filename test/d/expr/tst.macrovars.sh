# Macro variables that describe the dtrace process itself: its process
# group and session (the shell's, which it inherits), its effective and
# real IDs, its parent (this shell).  $projid and $taskid have no meaning
# on Linux and are refused with a tagged error.
read -r -a st < /proc/$$/stat
# fields after "(comm)": state ppid pgrp session; comm of bash has no spaces
pgrp=${st[4]} sess=${st[5]}
$DTRACE -q -n 'BEGIN { printf("%d %d %d %d %d %d %d\n", $pgid, $sid, $euid,
    $egid, $uid, $gid, $ppid); exit(0); }' > $TMPDIR/dt-macrovars.$$
read -r a b c d e f g < $TMPDIR/dt-macrovars.$$
rm -f $TMPDIR/dt-macrovars.$$
[ "$a" = "$pgrp" ] && echo "pgid ok" || echo "pgid $a, expected $pgrp"
[ "$b" = "$sess" ] && echo "sid ok" || echo "sid $b, expected $sess"
[ "$c" = "$(id -u)" ] && echo "euid ok" || echo "euid $c, expected $(id -u)"
[ "$d" = "$(id -g)" ] && echo "egid ok" || echo "egid $d, expected $(id -g)"
[ "$e" = "$(id -ru)" ] && echo "uid ok" || echo "uid $e, expected $(id -ru)"
[ "$f" = "$(id -rg)" ] && echo "gid ok" || echo "gid $f, expected $(id -rg)"
[ "$g" = "$$" ] && echo "ppid ok" || echo "ppid $g, expected $$"
# as a string, written $$sid
$DTRACE -q -n 'BEGIN /$$sid == "'"$sess"'"/ { printf("string sid ok\n"); exit(0); }'
$DTRACE -x errtags -n 'BEGIN { trace($taskid); }' 2>&1 | head -1
$DTRACE -x errtags -n 'BEGIN { trace($projid); }' 2>&1 | head -1
