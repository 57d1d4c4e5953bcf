# printa() formats: %k prints a stack() key as stack() does, %a a func()
# key as its symbol (every address of the function is one entry).  The
# stack is the first read() of `cat /dev/null`: a system call's entry.
W=$(awk '$3 == "ksys_write" { print $1; exit }' /proc/kallsyms)
d=/tmp/dt-printa.$$.d
cat > $d <<EOF
syscall::read:entry
/pid == \$target && !d/
{
	d = 1;
	@s[stack(2)] = count(); @s[stack(2)] = count();
	@f[func(0x$W + 4)] = count(); @f[func(0x$W + 9)] = count();
	printa("[%k] %@d\n", @s);
	printa("%-30a|%@d\n", @f);
	exit(0);
}
EOF
$DTRACE -q -c 'cat /dev/null' -s $d | sed 's/0x[0-9a-f]*$/OFF/'
rm -f $d
