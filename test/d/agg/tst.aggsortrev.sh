# aggsortrev reverses the printed order: by value, and with aggsortkey by key.
prog='BEGIN { @a["x"] = sum(3); @a["y"] = sum(1); @a["z"] = sum(2); printa("%s %@d\n", @a); exit(0); }'
$DTRACE -q -x aggsortrev -n "$prog"
$DTRACE -q -x aggsortrev -x aggsortkey -n "$prog"
$DTRACE -q -x aggsortkey -n "$prog"
