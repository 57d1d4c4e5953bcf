# Provider declarations as dtrace -h sees them: argument names are
# optional, (void) is no argument, types keep their spelling (white space
# made single), a translated list (by position, or by the names of the
# native arguments) is accepted, stability pragmas are, a provider
# declared again adds its new probes (the same probe again is allowed),
# and a probe description "provider:::" is still one.  Each probe's
# comment line in the header shows it as DTrace names it ("__" is "-").
cd "$TMPDIR" || exit 1
cat >decl.d <<'PROV'
#pragma D attributes Evolving/Evolving/Common provider decl provider
#pragma D attributes Private/Private/Unknown provider decl function
struct conn {
	int c_fd;
};
typedef struct conninfo {
	int ci_fd;
} conninfo_t;
translator conninfo_t < struct conn *C > {
	ci_fd = *(int *)copyin((uintptr_t)&C->c_fd, sizeof (int));
};
provider decl {
	probe query__start(char *query, unsigned   long  id);
	probe query__done(void);
	probe conn__open(struct conn *c, int n) : (conninfo_t *c, int n);
	probe conn__swap(struct conn *c, char *name) : (string name,
	    conninfo_t *c);
	probe bytes(uint8_t, int16_t, uint32_t, uint64_t, uintptr_t);
};
provider decl {
	probe query__done();
	probe extra(long long);
};
PROV
$DTRACE -h -s decl.d -o decl.h; echo "exit $?"
grep -E '^/\* decl:::' decl.h
grep -Ec '^#define[[:space:]]+DECL_[A-Z_]+_ENABLED\(\)' decl.h
echo 'provider:::entry { }' | $DTRACE -e -s /dev/stdin 2>&1 | sed 's/line [0-9]*: //'
