# print() names a member's type as C declares it: a pointer to a function
# with its return type and parameters ("loff_t (*)(struct file *, loff_t,
# int)"), "void" for a function of no parameters, qualifiers kept ("const
# char *").  Kernel types, in scratch memory; the address is masked.
$DTRACE -x scratchsize=1024 -qn 'BEGIN {
	f = (struct file_operations *)alloca(sizeof (struct file_operations));
	f->llseek = (void *)0x20;
	f->write = (void *)0x30;
	f->show_fdinfo = (void *)0x40;
	print(f);
	a = (struct attribute *)alloca(sizeof (struct attribute));
	a->name = (void *)0x1000;
	a->mode = 0644;
	print(a);
	r = (struct x86_init_resources *)alloca(sizeof (struct x86_init_resources));
	r->probe_roms = (void *)0x50;
	r->memory_setup = (void *)0x60;
	print(r);
	exit(0);
}' | sed -E 's/^0x[0-9a-f]+ = \*$/ADDR = */'
