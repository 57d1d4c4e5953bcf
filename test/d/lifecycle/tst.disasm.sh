# -S lists each clause's instructions on standard error under DTrace for
# Linux's heading, "Disassembly of clause" then the clause's first probe
# description in full (empty fields kept, ", ..." when it has more) and
# its name as runtime errors give it, <dt_clause_N>, N counting the
# session's clauses across -n and -s in order; then one instruction a
# line, its number (4 digits) and its byte offset (5 digits, 8 bytes an
# instruction) before a colon and the opcode byte in hex.  Option verbose
# (-x verbose or its pragma) lists the same, as DTrace's does; without
# either, nothing is listed.
check() {
	awk '/^Disassembly of clause / { print; next }
	    /^[0-9][0-9][0-9][0-9] [0-9][0-9][0-9][0-9][0-9]: [0-9a-f][0-9a-f] / {
		n++; if ($1 * 8 != $2 + 0) bad++; next }
	    END { printf("%s instructions, %d misnumbered\n",
		(n > 20 ? "more than 20" : n + 0), bad) }'
}
$DTRACE -q -S -n 'BEGIN { exit(0); }' 2>&1 >/dev/null | check
$DTRACE -q -S -n 'syscall::getpid:entry, syscall::getppid:entry { trace(1); }' \
    -n 'tick-1s { exit(0); }' -e 2>&1 | check
printf 'BEGIN { exit(0); }\nEND { }\n' > $TMPDIR/two.d
$DTRACE -q -S -n 'BEGIN { }' -s $TMPDIR/two.d 2>&1 >/dev/null | check
$DTRACE -q -x verbose -n 'BEGIN { exit(0); }' 2>&1 >/dev/null | check
$DTRACE -q -n '#pragma D option verbose
BEGIN { exit(0); }' 2>&1 >/dev/null | check
$DTRACE -q -n 'BEGIN { exit(0); }' 2>&1 | check
rm -f $TMPDIR/two.d
