# Runs of the command one after another leave nothing behind: 3 of
# each of bench/cliruns' commands (BEGIN and exit(), a syscall probe with
# -c, a uprobe with -c), each exiting 0 with the right count; then no BPF
# object, uprobe or pin of ours remains.  bench/cliruns 1000 is the long
# run (docs/performance.md).
bash "$BUILD_DIR/../bench/cliruns" 3 | sed -E 's/: +[0-9.]+ runs\/s.*//'
