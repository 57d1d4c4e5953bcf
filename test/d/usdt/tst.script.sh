# A -c process that executes a script, not an ELF file: descriptions
# that may name USDT probes (BEGIN has an empty provider field) still
# compile; its file has no USDT probes.
s=$(mktemp)
printf '#!/bin/sh\nexit 0\n' >"$s"
chmod +x "$s"
$DTRACE -q -c "$s" -n 'BEGIN { printf("BEGIN fired\n"); exit(0); }'
echo "exit $?"
$DTRACE -xerrtags -c "$s" -n 'dt_usdt$target:::zero { }' 2>&1 | head -1 |
    sed -E 's/[0-9]+:::/PID:::/'
echo "exit ${PIPESTATUS[0]}"
rm -f "$s"
