# #line 2147483647 (INT_MAX, the largest C allows): the lines after it
# keep that number instead of wrapping (a signed overflow UBSan reported,
# and errors gave line -2147483648); with -C, cpp's markers go past it
# after blank lines and stop there too.  #line 2147483648 and more is an
# error.
exec 2>&1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
printf '#line 2147483647\nBEGIN\n{\n\n\tx = ;\n}\n' > "max.d"
$ONTTY $DTRACE -xerrtags -s max.d
echo "rc=$?"
{
	printf '#line 2147483647\nBEGIN\n{\n'
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo; done
	printf '\tx = ;\n}\n'
} > "cpp.d"
$ONTTY $DTRACE -C -xerrtags -s "cpp.d"
echo "rc=$?"
printf '#line 2147483646\nBEGIN\n{\n\n\n\texit(0);\n}\n' > "ok.d"
$ONTTY $DTRACE -qs "ok.d"
echo "rc=$?"
printf '#line 2147483648\nBEGIN\n{\n}\n' > "over.d"
$ONTTY $DTRACE -xerrtags -s "over.d"
echo "rc=$?"
