# -F (flowindent): the CPU and the function, indented a level at each
# entry probe and back after each return probe, "->"/"<-" ("=>"/"<=" for
# system calls), "| function:name" for other probes and for a second
# clause of the probe just shown (ust_c:entry here); the header is
# "CPU FUNCTION".  The same with #pragma D option flowindent; -q prints
# no prefix at all.  The CPU column is masked.
T="$BUILD_DIR/testprog/ustacktarget"
mask() { sed 's/^ *[0-9][0-9]* /  C /'; }
$DTRACE -F -c "$T 1 exit" -n '
pid$target:a.out:ust_[abc]:entry, pid$target:a.out:ust_[abc]:return {}
syscall::getppid:entry, syscall::getppid:return /pid == $target/ {}
pid$target:a.out:ust_done:0 { printf("at %s", probename); }
pid$target:a.out:ust_c:entry { printf("again"); }' 2>/dev/null | mask
echo "-- pragma"
$DTRACE -c "$T 1 exit" -n '#pragma D option flowindent
pid$target:a.out:ust_c:entry, pid$target:a.out:ust_c:return { trace(probefunc); }' 2>/dev/null | mask
echo "-- quiet"
$DTRACE -qF -c "$T 1 exit" -n 'pid$target:a.out:ust_c:entry, pid$target:a.out:ust_c:return { printf("%s\n", probename); }'
