# For each address given in hex (32 digits, 16 bytes), a child process
# makes the bytes the start of its task_struct's sigaltstack fields
# (sas_ss_sp, then sas_ss_size: the kernel checks neither the address nor,
# above MINSIGSTKSZ, the size) and calls getppid(); one child at a time,
# in order.  All zeros is SS_DISABLE, which zeroes both.  A child: once an
# alternate stack covers the stack in use, sigaltstack() refuses changes.
for my $hex (@ARGV) {
	my $b = pack("H32", $hex);
	my $flags = $hex =~ /^0+$/ ? 2 : 0;
	my $ss = substr($b, 0, 8) . pack("l<l<", $flags, 0) . substr($b, 8, 8);
	my $pid = fork();
	if ($pid == 0) {
		syscall(131, $ss, 0) == 0 or die "sigaltstack $hex: $!";
		syscall(110);
		exit(0);
	}
	waitpid($pid, 0);
}
