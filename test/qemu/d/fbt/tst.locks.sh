# The subroutines on Linux's locks, on locks really held: when
# mutex_lock() returns, the mutex it was given is held by the thread
# (mutex_owned() 1, mutex_owner() the thread); when _raw_read_lock()
# returns, the rwlock has readers, and when _raw_write_lock() or
# _raw_write_lock_irq() (fork and exit take tasklist_lock so) returns, a
# writer holds it.  Counted
# over a second of the guest's own activity: every firing must agree
# (the lines "0 ..." must not appear), and each kind must fire.
$DTRACE -q -n '
fbt::mutex_lock:entry { self->m = args[0]; }
fbt::mutex_lock:return /self->m/ {
	@m[mutex_owned(self->m), mutex_owner(self->m) == curthread] = count();
	self->m = 0;
}
fbt::_raw_read_lock:entry { self->r = args[0]; }
fbt::_raw_read_lock:return /self->r/ {
	@r[rw_read_held(self->r)] = count();
	self->r = 0;
}
fbt::_raw_write_lock:entry, fbt::_raw_write_lock_irq:entry {
	self->w = args[0];
}
fbt::_raw_write_lock:return, fbt::_raw_write_lock_irq:return /self->w/ {
	@w[rw_write_held(self->w), rw_iswriter(self->w)] = count();
	self->w = 0;
}
tick-1s { system("ls /proc/self/fd > /dev/null; cat /proc/self/status > /dev/null"); }
tick-2s { exit(0); }
END {
	printa("mutex owned %d, owner the thread %d: %@d\n", @m);
	printa("read held %d: %@d\n", @r);
	printa("write held %d, writer %d: %@d\n", @w);
}' -w | awk 'NF { sub(/: [0-9]+$/, ": N"); print }' | sort -u
echo "exit ${PIPESTATUS[0]}"
