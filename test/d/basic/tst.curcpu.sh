# curcpu points to the cpuinfo_t of the CPU the probe fires on (the
# guide's sched chapter): cpu_id is cpu, cpu_chip the physical package
# and cpu_lgrp the NUMA node sysfs gives, no processor set (-1), state
# P_ONLINE, processor type the machine's; seen on every online CPU.
$DTRACE -qn 'profile-997 {
	@[curcpu->cpu_id, cpu, curcpu->cpu_chip, curcpu->cpu_lgrp,
	    curcpu->cpu_pset, curcpu->cpu_info.pi_state == P_ONLINE,
	    stringof(curcpu->cpu_info.pi_processor_type)] = count(); }
	tick-400ms { exit(0); }
	END { printa("%d %d %d %d %d %d %s\n", @); }' >$TMPDIR/curcpu.out
node_of() {
	for n in /sys/devices/system/cpu/cpu$1/node*; do
		[ -e "$n" ] && { echo ${n##*node}; return; }
	done
	echo 0
}
bad=0 seen=0
while read id c chip lgrp pset online type; do
	[ -z "$id" ] && continue
	seen=$((seen + 1))
	want="$c $c $(cat /sys/devices/system/cpu/cpu$c/topology/physical_package_id) $(node_of $c) -1 1 $(uname -m)"
	[ "$id $c $chip $lgrp $pset $online $type" = "$want" ] ||
	    { echo "cpu $c: $id $c $chip $lgrp $pset $online $type, not $want"; bad=1; }
done <$TMPDIR/curcpu.out
[ $seen -eq $(nproc) ] || echo "seen on $seen CPUs of $(nproc)"
[ $bad -eq 0 ] && echo "every CPU's cpuinfo_t agrees with sysfs"
$DTRACE -qn 'BEGIN { printf("%d %d %d %d\n", sizeof (cpuinfo_t),
	offsetof(cpuinfo_t, cpu_info), sizeof (processor_info_t),
	curcpu->cpu_info.pi_clock > 0); exit(0); }' | grep .
