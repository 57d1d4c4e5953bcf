# Every return probe of a program (a.out::return) leaves it working: the
# entry point (_start), entered with argc where a return address would be,
# has no return probe, whose uretprobe would overwrite argc.
$DTRACE -l -n 'pid$target:a.out::return' -c "$BUILD_DIR/testprog/pidtarget 1" |
    awk '$4 == "_start" { s = 1 } $4 == "main" { m = 1 }
    END { print (s ? "_start has a return probe" : "no return probe for _start"),
    (m ? "main has one" : "main has none") }'
# pidtarget 3 calls dt_pt_add 3 times: argv[1] read right
$DTRACE -q -n 'pid$target:a.out::return /probefunc == "dt_pt_add"/ { @n = count(); }
    END { printa("dt_pt_add returned %@d times\n", @n); }' -c "$BUILD_DIR/testprog/pidtarget 3"
echo "exit $?"
