# Kernel type data that lacks what a built-in needs: a BTF file holding
# only "int" (header, one INT type, strings; little-endian).  curthread
# needs struct task_struct (D_BTF), ppid and vtimestamp its members
# (D_TYPE_MEMBER); a program that needs no kernel type still runs.
d=$(mktemp -d)
printf '\x9f\xeb\x01\x00\x18\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x10\x00\x00\x00\x05\x00\x00\x00' > $d/mini.btf
printf '\x01\x00\x00\x00\x00\x00\x00\x01\x04\x00\x00\x00\x20\x00\x00\x01\x00int\x00' >> $d/mini.btf
for v in curthread ppid vtimestamp; do
	$DTRACE -xerrtags -x btfpath=$d/mini.btf -n "BEGIN { trace($v); }" 2>&1 | sed -n '1s/.*\(\[D_\)/\1/p'
	echo "rc=${PIPESTATUS[0]}"
done
$DTRACE -q -x btfpath=$d/mini.btf -n 'BEGIN { printf("%d\n", (int)-1 < 0); exit(0); }'
echo "rc=$?"
rm -rf $d
