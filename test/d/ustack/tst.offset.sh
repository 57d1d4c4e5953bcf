# At an instruction-offset pid probe inside a function (here the
# instruction after ust_c's frame is made) the top of the stack is no
# return address: the frames are the walk's alone, as at any other pc,
# and the first is the probe's pc, ust_c plus the offset.
. ./retmask.sh
set -- $(objdump -d --no-show-raw-insn "$P" | awk '
	$2 == "<ust_c>:" { p = 1; n = 0; start = $1; next }
	p && NF == 0 { exit }
	p && ++n == 3 { sub(/:$/, "", $1); print start, $1; exit }')
hex=$(printf '%x' $((0x$2 - 0x$1)))
$DTRACE -q -c "$P 1" -n "
pid\$target:a.out:ust_c:$hex
/n++ == 0/
{
	ustack(4);
	exit(0);
}" | retmask | sed "s/ust_c+0x$hex\$/ust_c+OFF/"
