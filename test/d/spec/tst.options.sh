# nspec and specsize: bounds, given with -x, and their product.
$DTRACE -x nspec=0 -n 'BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -x nspec=257 -n 'BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -x specsize=0 -n 'BEGIN { exit(0); }'
echo "rc=$?"
# 200 buffers of 1 MB do not fit in the 4 MB the spec map may hold
$DTRACE -x nspec=200 -x specsize=1m -q -n 'BEGIN { x = speculation(); exit(0); }'
echo "rc=$?"
# 256 buffers of 8 KB do; 256 is a valid id (no fault)
$DTRACE -x nspec=256 -x specsize=8k -q -n 'BEGIN { printf("%d", speculation()); }' \
    -n 'BEGIN { discard(256); printf(" %d\n", speculation()); exit(0); }'
echo "rc=$?"
