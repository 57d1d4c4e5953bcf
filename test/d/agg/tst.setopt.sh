# setopt() changes an option the consumer reads as it goes (here the order
# aggregations print in); an option built into the programs, an unknown
# option or a bad value is reported as DTrace reports it ("couldn't set
# option NAME to VALUE", "1" for no value, then DTrace's reason and a
# blank line), and tracing goes on.
$DTRACE -q -n 'BEGIN {
	@a["x"] = sum(3); @a["y"] = sum(1); @a["z"] = sum(2);
	setopt("aggsortkey");
	setopt("strsize", "64");
	setopt("nosuch");
	setopt("aggsortpos", "x");
	setopt("quiet", "um, no");
	exit(0);
}' 2>&1
