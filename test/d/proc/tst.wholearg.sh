# A translated argument used whole: *args[1] of proc:::signal-send (a
# psinfo_t built member by member) copied into a variable and printed
# by print(), its members those of args[1]->; args[0] (lwpsinfo_t) too
# (pr_psargs, which holds the script's temporary path, as one line).
# print() leaves out zero members, and a runner may start us in session
# 0: setsid(1) gives the child (not a group leader, so it keeps its pid)
# a session and group of its own, nonzero.
cat >$TMPDIR/dt-whole.sh <<'SH'
trap : USR1
kill -USR1 $$
SH
$DTRACE -q -c "setsid sh $TMPDIR/dt-whole.sh" -n 'proc:::signal-send /pid == $target/ {
	this->p = *args[1];
	self->l = *args[0];
	printf("%d %d %s %d %d\n", this->p.pr_pid == $target,
	    this->p.pr_ppid == args[1]->pr_ppid, this->p.pr_fname,
	    this->p.pr_nlwp, self->l.pr_lwpid == $target);
	print(*args[1]);
}' | sed -E 's/= \(int\)[0-9]+/= (int)N/; s/= \((unsigned long|uintptr_t|size_t)\)[0-9]+/= (\1)N/' |
    awk '/\.pr_psargs = \(char \[/ { skip = 1 }	# the script path varies
	skip && /^ +\],$/ { skip = 0; print "    .pr_psargs = ...,"; next }
	!skip'
echo "rc=$?"
rm -f $TMPDIR/dt-whole.sh
