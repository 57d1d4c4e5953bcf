# shared/reference/unknown-member.*: the first line is DTrace's; exit 1.
printf 'syscall::openat:entry\n{\n\ttrace(curthread->no_such_member);\n}\n' > $TMPDIR/unknown-member.d
cd $TMPDIR && $DTRACE -s unknown-member.d 2>&1 | head -1
echo "rc=${PIPESTATUS[0]}"
rm -f $TMPDIR/unknown-member.d
