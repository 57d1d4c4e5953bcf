# A specsize larger than a speculation buffer can be (4 MB less its
# 40-byte header here) is halved until it fits and warned when tracing
# starts, as DTrace halves a size it cannot have (100t: 25 times, 3200k);
# speculations work with it.  bufresize=manual refuses it instead.
prog='BEGIN { spec = speculation(); } BEGIN { speculate(spec); printf("speculated\n"); } BEGIN { commit(spec); } BEGIN { exit(0); }'
$DTRACE -q -x specsize=100t -n "$prog" 2>&1
echo "rc=$?"
$DTRACE -q -x specsize=100t -x bufresize=manual -n "$prog" 2>&1
echo "rc=$?"
