# A -c command that cannot be executed is an error, as in DTrace:
# `dtrace: failed to execute CMD: REASON`, exit 1, nothing printed.  A
# directory, a missing file, a command not in PATH and a file without
# execute permission are found before tracing starts; a script whose
# interpreter is missing fails only in exec(), which the held child
# reports back to dtrace_proc_continue().
. ./common.sh
f=$TMPDIR/badcmd
printf 'not a program\n' >$f.noexec
chmod 644 $f.noexec
printf '#!/nonexistent/interpreter\n' >$f.interp
chmod 755 $f.interp
for cmd in /etc /nonexistent/cmd no-such-command-here $f.noexec $f.interp; do
	$DTRACE -q -n 'BEGIN { printf("BEGIN ran\n"); }' -c "$cmd" 2>&1 |
	    sed "s|$TMPDIR|TMP|"
	echo "exit ${PIPESTATUS[0]}"
done
rm -f $f.noexec $f.interp
