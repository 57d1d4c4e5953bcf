# shared/reference/runtime-error.*: a fault reports DTrace's runtime error
# and the session goes on (the BPF pc differs and is masked).
cp runtime-error.d.in /tmp/runtime-error.d
cd /tmp && $DTRACE -s runtime-error.d 2>&1 >/tmp/dt-re.out | sed -E 's/BPF pc [0-9]+/BPF pc N/'
echo "rc=${PIPESTATUS[0]}"
cat /tmp/dt-re.out
rm -f /tmp/runtime-error.d /tmp/dt-re.out
