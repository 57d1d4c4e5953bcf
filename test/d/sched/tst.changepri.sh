# sched:::change-pri from priority inheritance: pitarget's main thread
# holds a PI mutex that a thread at nice -10 (prio 110) blocks on, which
# lends the main thread prio 110 (fired in the waiter, as it blocks),
# then takes it back to 120 as the main thread unlocks (fired there).
# args[0] is the lwpsinfo_t of the main thread, whose pr_pri is still
# the old priority, args[1] its psinfo_t, args[2] the new priority.
$DTRACE -q -c $BUILD_DIR/testprog/pitarget \
    -n 'sched:::change-pri /args[1]->pr_pid == $target/ {
	printf("%s lwp %d pri %d -> %d\n",
	    tid == args[0]->pr_lwpid ? "in it" : "in another",
	    args[0]->pr_lwpid == $target, args[0]->pr_pri, args[2]);
}'
echo "rc=$?"
