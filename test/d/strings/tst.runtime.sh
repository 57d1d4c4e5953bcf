# String subroutines on strings known only at run time (copyinstr,
# execname): the verifier accepts them and the results are right.
$DTRACE -q -c 'cat /etc/hostname' -o $TMPDIR/dt-strs.out \
    -n 'syscall::openat:entry /pid == $target/ { this->p = copyinstr(arg1); printf("%s|%s|%s|%d|%s|%s\n", basename(this->p), dirname(this->p), toupper(execname), strlen(this->p), strrchr(this->p, 47), strjoin(execname, substr(this->p, 1, 3))); }' >/dev/null 2>&1
grep -x 'hostname|/etc|CAT|13|/hostname|catetc' $TMPDIR/dt-strs.out
rm -f $TMPDIR/dt-strs.out
