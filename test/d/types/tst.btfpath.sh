# btfpath: bad files are reported naming the file, exit 1; a good copy of
# the kernel's types works from -x and from #pragma D option.
d=$(mktemp -d)
: > $d/empty
echo 'not BTF' > $d/junk
head -c 100000 /sys/kernel/btf/vmlinux > $d/truncated
cp /sys/kernel/btf/vmlinux $d/good
for f in $d/missing $d/empty $d/junk $d/truncated $d; do
	$DTRACE -x btfpath=$f -n 'BEGIN { exit(0); }' 2>&1 | sed "s|$d|DIR|g"
	echo "rc=${PIPESTATUS[0]}"
done
$DTRACE -q -x btfpath=$d/good -n 'BEGIN { printf("%d\n", curthread->pid == pid); exit(0); }'
printf '#pragma D option btfpath=%s\n#pragma D option quiet\nBEGIN { printf("%%d\\n", curthread->pid == pid); exit(0); }\n' $d/good > $d/p.d
$DTRACE -s $d/p.d
printf '#pragma D option btfpath=%s\nBEGIN { exit(0); }\n' $d/junk > $d/q.d
$DTRACE -s $d/q.d 2>&1 | head -1 | sed "s|$d|DIR|g"
rm -rf $d
