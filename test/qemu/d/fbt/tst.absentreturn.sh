# a void function's return probe has no args[1]: D_ARGS_IDX
$DTRACE -xerrtags -n 'fbt::kfree:return { trace(args[1]); }' 2>&1 | grep -o 'D_ARGS_IDX'
