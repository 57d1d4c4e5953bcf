# Programs of one session that split clauses on ifs, whatever their
# predicates' types (a pointer, an int): each if's condition is an int.
$DTRACE -q -n 'BEGIN /(char *)1/ { if (1) printf("one\n"); }' \
    -n 'BEGIN /1/ { if (2 > 1) printf("two\n"); else printf("no\n"); }' \
    -n 'BEGIN { exit(0); }'
echo "exit $?"
