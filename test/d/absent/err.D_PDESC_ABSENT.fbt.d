/*
 * fbt needs fentry/fexit or kprobes, which this kernel refuses: refused,
 * with why (the qemu lane, scripts/qemu-lane, runs fbt on a kernel that
 * has them; the lane leaves this test out)
 */
fbt::do_sys_openat2:entry
{
	@ = count();
}
