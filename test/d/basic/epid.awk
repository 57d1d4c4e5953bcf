# Checks on the "what epid" lines of epid.d.in (see tst.epid.sh).
/^dtrace: error/ {
	faults++
	next
}
NF == 2 {
	n[$1]++
	if (!($1 in e))
		e[$1] = $2
	else if (e[$1] != $2)
		diff[$1] = 1
	if ($2 + 0 <= 0)
		zero = 1
}
function yes(c) { return (c ? "yes" : "no") }
END {
	print "epid > 0:", yes(!zero)
	print "two clauses on one probe differ:", yes(e["begin1"] != e["begin2"])
	print "tick10 fired at least twice:", yes(n["tick10"] >= 2)
	print "every firing of one clause the same:", yes(!(diff["tick10"] || \
	    diff["multi-tick-10ms"] || diff["multi-tick-13ms"]))
	print "one clause on two probes differs:", \
	    yes(e["multi-tick-10ms"] != e["multi-tick-13ms"])
	print "different clauses on one probe differ:", \
	    yes(e["tick10"] != e["multi-tick-10ms"])
	print "faults reported:", faults
	print "ERROR arg1 is the faulting probe id:", \
	    yes(e["faultarg1"] != "" && e["faultarg1"] == e["faultlast"])
	for (k in e) {
		if (k ~ /^fault/)
			continue
		if (e[k] in u)
			dup = 1
		u[e[k]] = 1
		pairs++
	}
	print "all distinct:", yes(!dup)
	print "pairs seen:", pairs
}
