# Notes another user could write (test/prog/usdtbad.c): a site inside an
# instruction, a semaphore in read-only data or at an odd address, a
# probe name with an escape sequence, argument specs with control bytes.
# Each is skipped with a warning, its strings escaped, so that no control
# byte reaches the terminal; the one good probe is listed and fires.
# A file of many bad notes gives a few warnings and a count of the rest.
err=$(mktemp)
$DTRACE -q -n 'dt_bad$target:::
{
	printf("%s:%s:%s\n", probename, probemod, probefunc);
	exit(0);
}' -c "$BUILD_DIR/testprog/usdtbad" 2>"$err" | grep -v '^[0-9]*$'
echo "exit ${PIPESTATUS[0]}"
sed -e "s|$BUILD_DIR|BUILD|" -e "s/0x[0-9a-f]*/0xADDR/" "$err"
echo "control bytes: $(tr -d '\n\t -~' <"$err" | wc -c)"
$DTRACE -l -n 'dt_bad$target:::' -c "$BUILD_DIR/testprog/usdtbad-many" \
    2>"$err" | awk 'NR > 1 { print $3, $4, $5 }'
echo "exit ${PIPESTATUS[0]}"
echo "warnings: $(wc -l <"$err")"
sed "s|$BUILD_DIR|BUILD|" "$err" | tail -1
# A file whose name has an escape sequence: left out, its name escaped
# (-l then reports the description matching nothing, and exits 0).
dir=$(mktemp -d)
evil=$(printf '%s/ev\033[31mil' "$dir")
cp "$BUILD_DIR/testprog/usdtbad" "$evil"
$DTRACE -l -n 'dt_bad$target:::' -c "$evil" 2>"$err" >/dev/null
echo "exit $?"
grep 'left out' "$err" | sed -e "s|$dir|DIR|" -e 's/process [0-9]*/process PID/'
echo "control bytes: $(tr -d '\n\t -~' <"$err" | wc -c)"
rm -rf "$dir" "$err"
