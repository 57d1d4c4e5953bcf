# setopt() changes an option the consumer reads as it goes (here the order
# aggregations print in); an option built into the programs, an unknown
# option or a bad value is reported, and tracing goes on.
$DTRACE -q -n 'BEGIN {
	@a["x"] = sum(3); @a["y"] = sum(1); @a["z"] = sum(2);
	setopt("aggsortkey");
	setopt("strsize", "64");
	setopt("nosuch");
	setopt("aggsortpos", "x");
	exit(0);
}' 2>&1
