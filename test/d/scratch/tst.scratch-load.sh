# Loads through a pointer from alloca() or copyin() must lie in the
# scratch space the clause allocated (as stores must): an index before
# its start or past its end, a load that crosses its end, a member past
# it, a pointer a variable kept from an earlier clause (whose scratch
# space is gone), and a bcopy() whose source runs past it are each the
# invalid address fault (1); the ERROR probe fires and the session goes
# on.  Loads inside it, and through a pointer loaded from it, work.
cat >/tmp/dt-scrload.d <<'D'
struct pt { int x; int y; int z; };
BEGIN { step = 0; s = (char *)alloca(15); s[0] = 'a'; s[15] = 'b';
	printf("%c%c\n", s[0], s[15]); }
BEGIN { step = 1; s = (char *)alloca(15); trace(s[-1]); }
BEGIN { step = 2; s = (char *)alloca(15); trace(s[16]); }
BEGIN { step = 3; s = (char *)alloca(16); trace(*(int *)(s + 14)); }
BEGIN { step = 4; q = (struct pt *)alloca(4); q->x = 3; trace(q->x);
	trace(q->z); }
BEGIN { step = 5; p = (int *)alloca(4); *p = 7; printf(" %d\n", *p); }
BEGIN { step = 6; trace(*p); }
BEGIN { step = 7; d = alloca(20); t = alloca(10); bcopy(t, d, 20); }
BEGIN { step = 8; x = (int *)alloca(8); x[1] = 5; x[0] = x[1] + 1;
	x[0] += x[1]; pp = (int **)alloca(8); *pp = x;
	printf("%d %d %d\n", x[0], x[1], **pp); }
ERROR { printf("step %d: fault %d\n", step, arg4); }
BEGIN { exit(0); }
D
$DTRACE -q -s /tmp/dt-scrload.d 2>/tmp/dt-scrload.err
echo "rc=$?"
sed -E 's/BPF pc [0-9]+/BPF pc N/; s/\(0x[0-9a-f]{9,}\)/(ADDR)/' /tmp/dt-scrload.err
rm -f /tmp/dt-scrload.d /tmp/dt-scrload.err
