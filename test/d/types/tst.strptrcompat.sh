# string * is DTrace's name for a pointer to its string type (an array of
# strsize chars), in messages too, and a pointer is assigned only from a
# pointer to the same type or void * (D_OP_INCOMPAT): string * from
# string * and void *, not from int * or char *, nor they from it.
cd "$TMPDIR" || exit 1
try() {
	printf '%s\n' "string *p, *r; int *q; char *c; void *v;" \
	    "BEGIN" "{" "	$1;" "	exit(0);" "}" >strptr.d
	$DTRACE -q -s strptr.d 2>&1
	echo "$1: rc=$?"
}
try 'p = q'
try 'q = p'
try 'c = p'
try 'p = c'
try 'p = 1'
try 'r = p'
try 'v = p; p = v'
try 'p = (string *)alloca(sizeof (string))'
rm -f strptr.d
