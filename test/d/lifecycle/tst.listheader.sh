# dtrace -l prints its header only once every request has compiled, as
# DTrace does: a request that does not compile (an overspecified
# description, an argument no program uses, a script with an error) ends
# the run with status 1 and nothing on stdout; one that compiles but
# matches nothing still gets the header, then "failed to match".
list() {
	$DTRACE "$@" 2>$TMPDIR/err
	echo "rc=$?"
	head -1 $TMPDIR/err
}
list -lm 'profile:::profile-97'
list -lP 'fbt:des:des3_crunch_block:return'
list -lf read '{ trace(1); }'
list -ln BEGIN -n 'a:b:c:d:e'
cd $TMPDIR
printf 'BEGIN { x = ; }\n' > bad.d
list -l -n BEGIN -s bad.d
list -lf 'nosuchfunc'
list -l -n 'dtrace:::END'
