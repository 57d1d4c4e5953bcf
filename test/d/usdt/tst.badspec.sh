# Malformed notes (a site outside the file's segments, a note too short
# for its strings) and argument specs the provider does not understand
# (a symbol the file does not have, an unknown register, a size of 3):
# each is skipped
# with a warning naming the file (and the spec); without -Z a description
# that names only such probes matches nothing.  The other probes are
# traced.
$DTRACE -Z -q -c "$BUILD_DIR/testprog/usdttarget 2" -n '
dt_usdt$target:::bad*, dt_usdt$target:::outside,
dt_usdt$target:::one
{
	printf("%s %d\n", probename, arg0);
}' 2>&1 | sed "s|$BUILD_DIR|BUILD|"
echo "exit ${PIPESTATUS[0]}"
