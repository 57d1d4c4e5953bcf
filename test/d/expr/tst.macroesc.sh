# A $$N macro argument is a string whose text is read as the body of a
# string literal: its escapes (\t, \n, \\, \", octal, \x) are decoded as
# in a literal, and after any other character the backslash stays (the
# guide's "Macro Arguments" and "Strings").  A $N argument that is not a
# number or an identifier is a string too, its quotes removed, its
# escapes decoded the same way.
cat > $TMPDIR/macroesc.d <<'D'
#pragma D option quiet
BEGIN
{
	printf("[%s] %d\n", $$1, strlen($$1));
	printf("[%s] %d\n", $$2, strlen($$2));
	printf("[%s] %d\n", $3, strlen($3));
	printf("%d\n", $$4 == "a\tb");
	exit(0);
}
D
cd $TMPDIR && $DTRACE -s macroesc.d 'x\ty' '\101\x42\\\"\q' '"p\nq"' 'a\tb'
