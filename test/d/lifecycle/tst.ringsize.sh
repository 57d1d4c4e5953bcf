# A record counts against bufsize what DTrace's record takes: a 4-byte
# enabled probe id, then each value at its type's size and alignment,
# rounded to the largest alignment.  printf() of an int: 8 bytes; of a
# long: 16; exit(): 8.
# ring, 50 bytes: the exit() record and the last 5 int records (48).
$DTRACE -q -x bufpolicy=ring -b 50 -n 'int i; tick-1ms /i < 30/ { printf("%d\n", i); i++; }' \
    -n 'tick-1ms /i == 30/ { exit(0); }'
echo "exit $?"
# ring, 24 bytes: the exit() record and one long record (8 + 16).
$DTRACE -q -x bufpolicy=ring -b 24 -n 'int i; tick-1ms /i < 30/ { printf("%d\n", (long)i); i++; }' \
    -n 'tick-1ms /i == 30/ { exit(0); }'
echo "exit $?"
# fill, 40 bytes: the first 5 int records, then tracing stops; END's
# record is kept besides.
$DTRACE -q -x bufpolicy=fill -b 40 -n 'int i; tick-1ms { printf("%d\n", i); i++; }' \
    -n 'END { printf("end\n"); }'
echo "exit $?"
