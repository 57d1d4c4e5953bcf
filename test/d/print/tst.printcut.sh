# printsize cutting a struct short, as DTrace's print( ) shows it: "..."
# comes where the next member would, at its depth: after an array cut
# short (the array closed first), inside a union or struct whose last
# member used the last byte recorded (before that level's closing brace),
# inside a struct whose member used it and has a sibling after it.
cat >$TMPDIR/cut.d <<'X'
#pragma D option quiet
struct t {
	int a;
	char b[5];
	union {
		unsigned char c;
		unsigned long d;
	} u;
	struct {
		long e;
		long f;
	} s;
};
BEGIN
{
	p = (struct t *)alloca(sizeof (struct t));
	p->a = 1;
	p->b[0] = 'x'; p->b[1] = 'y'; p->b[2] = 'z'; p->b[3] = 'w';
	p->u.d = 0x101;
	p->s.e = 5;
	p->s.f = 6;
	print(*p);
	exit(0);
}
X
for n in 8 24 32; do
	echo "printsize=$n"
	$DTRACE -x printsize=$n -s $TMPDIR/cut.d
done
