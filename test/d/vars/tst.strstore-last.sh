# The program's only string literal, the last bytes of the literal table,
# stored into a self-> variable and array elements: the store reads the
# string's buffer and nothing past it (the verifier refused a read of the
# buffer rounded up to a word).  Nothing else of the program may add a
# literal after it, so nothing is printed: the program must load.
$DTRACE -q -n 'BEGIN { self->t = "x"; a[1] = "x"; self->e[1] = "x"; }' \
    -n 'BEGIN { exit(0); }'
echo "rc=$?"
