# -x oformat=json: a stack is an array of "module`symbol+0xoffset"
# strings, as a record ("kind":"stack") and as an aggregation key.  jq
# checks that every line is JSON; offsets are masked.  The first read() of
# `cat /dev/null` has a system call entry's stack; BEGIN has none (an
# empty array).
R='syscall::read:entry /pid == $target && !d/ { d = 1;'
$DTRACE -q -x oformat=json -c 'cat /dev/null' -n "$R"' stack(2); @[stack(3)] = count(); exit(0); }' |
    jq -c -f "$(dirname "$0")/probe.jq" 2>&1 |
    sed 's/0x[0-9a-f]*"/OFF"/g'
$DTRACE -q -x oformat=json -c 'cat /dev/null' -n "$R"' @[stack(3)] = count(); exit(0); }' |
    jq -c -f "$(dirname "$0")/agg.jq" 2>&1 |
    sed 's/0x[0-9a-f]*"/OFF"/g'
$DTRACE -q -x oformat=json -n 'BEGIN { stack(); @[stack(3)] = count(); exit(0); }' |
    jq -c -f "$(dirname "$0")/probe.jq" 2>&1
$DTRACE -q -x oformat=json -n 'BEGIN { @[stack(3)] = count(); exit(0); }' |
    jq -c -f "$(dirname "$0")/agg.jq" 2>&1 |
    sed 's/0x[0-9a-f]*"/OFF"/g'
