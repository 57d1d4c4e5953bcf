# examples/minimal.c, as `make` builds it against the build tree: the
# default program (system calls counted by program name for one second),
# a program given on the command line, and the errors it reports.
set -u
M=$BUILD_DIR/examples/minimal
[ -x "$M" ] || { echo "FAIL: $M not built"; exit 1; }

# The default: one line per program, "  NAME  COUNT", the example itself
# among them (it makes system calls while it traces).
"$M" >"$TMPDIR/def.out" 2>"$TMPDIR/def.err"
echo "default: rc=$?"
sed -E "s/, [0-9]+ probes/, N probes/" "$TMPDIR/def.err"
awk 'NF == 0 { next }
    $NF !~ /^[0-9]+$/ { bad = bad "\n" $0 }
    $1 == "minimal" && $NF > 0 { self = 1 }
    END { if (bad != "") print "bad lines:" bad; print "self counted:", self + 0 }' \
    "$TMPDIR/def.out"

# A program of one's own: printf, trace, an aggregation, exit's status.
"$M" 'BEGIN { printf("%s %d\n", "hello", 42); trace("traced"); printf("\n");
    @q = quantize(5); @q = quantize(9); exit(7); }
    END { printf("end\n"); }'
echo "rc=$?"

# Errors: said, with the failing step, and status 1.
"$M" 'BEGIN { x = ; }'
echo "rc=$?"
"$M" 'nosuchprovider:::nosuchprobe { exit(0); }'
echo "rc=$?"
"$M" a b
echo "rc=$?"
