# tst.depth.sh: each firing prints stackdepth, then stack(); the two
# must agree.
/^[0-9]+$/ { if (seen && n != d) bad++; d = $1; n = 0; seen = 1; next }
/vmlinux`/ { n++ }
END {
	if (seen && n != d) bad++
	print (seen && !bad) ? "equal" : "differ"
}
