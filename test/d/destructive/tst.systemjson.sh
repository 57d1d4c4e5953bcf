# system() in JSON output: the command, its output (read through a pipe,
# so that the line stays JSON) and its exit status; the line must parse.
out=$($DTRACE -q -w -x oformat=json -n 'BEGIN {
	printf("a\n");
	system("echo \"%s\"; exit %d", "quoted \\ text", 3);
	system("kill -TERM $$");
	exit(0);
}')
echo "dtrace exit $?"
jq -c . <<<"$out" >/dev/null && echo "valid JSON"
sed -E 's/"cpu":[0-9]+/"cpu":C/' <<<"$out"
