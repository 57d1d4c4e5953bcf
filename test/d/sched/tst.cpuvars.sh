# sched.d's chip, lgrp and pset are the current CPU's cpu_chip, cpu_lgrp
# and cpu_pset (-1: Linux has no processor sets), in any probe: here
# BEGIN and three clock ticks of the -c command's busy loop (one thread:
# its ticks come one after another, whatever CPU they are on).
echo 'i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done' >$TMPDIR/dt-cpuv.sh
$DTRACE -q -c "/bin/sh $TMPDIR/dt-cpuv.sh" -n 'BEGIN {
	printf("%d %d %d %d\n", chip == curcpu->cpu_chip,
	    lgrp == curcpu->cpu_lgrp, pset == curcpu->cpu_pset, pset);
}' -n 'int ok;
sched:::tick /pid == $target && n < 3/ {
	n++;
	ok += chip == curcpu->cpu_chip && lgrp == curcpu->cpu_lgrp &&
	    pset == -1 && chip >= 0 && lgrp >= 0;
}' -n 'sched:::tick /pid == $target && n == 3/ {
	printf("%d of 3\n", ok);
	exit(0);
}'
echo "rc=$?"
rm -f $TMPDIR/dt-cpuv.sh
