# examples/service: 8 threads, each opening one session per request (3
# each), compiling a script with kernel types (curthread->pid), tracing its
# own read()s, and checking the aggregations it reads back through the
# typed walk (counts, sums, histogram buckets) against what it did.
"$BUILD_DIR/examples/service" 8 3
