# Macro arguments expand to integers, identifiers or strings by the form
# of their text (the guide's "Macro Arguments"): 41 and -5 are integers
# (-5 after "--", else it is an option, as in DTrace);
# hello names the variable hello and pr_pid a member (x->$1); "a b" in
# double quotes is the string a b; any other text (a path, the script's
# own name in $0) is a string as it is; $$N is always a string.
cat > $TMPDIR/macroforms.d <<'D'
#pragma D option quiet
BEGIN
{
	hello = 7;
	printf("%d %d %d\n", $1 + 1, $2, $3);
	printf("%d\n", curpsinfo->$4 == pid);
	printf("[%s] [%s] [%s]\n", $5, $6, $$1);
	printf("%d\n", $0 == "macroforms.d");
	exit(0);
}
D
cd $TMPDIR && $DTRACE -s macroforms.d -- 41 -5 hello pr_pid '"a b"' /tmp/x.log
