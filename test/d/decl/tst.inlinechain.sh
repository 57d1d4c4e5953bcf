# Inlines of constant expressions, each using the previous one twice: 64
# levels, whose expansion would have 2^64 nodes.  Each is folded to its
# value where it is declared, so the program compiles at once (this
# once took 17 s and 3.2 GB for 22 levels); the memory limit makes a
# regression fail fast instead of filling the machine.  The values are
# those of the expressions written out (long: 2^62 at 62; int wraps to
# 0 at 32), and a folded inline is a constant where one is needed.
# (A sanitizer build reserves terabytes of address space for its shadow
# memory: there the limit is left off.)
case ${BUILD_DIR##*/} in
build-san*|build-tsan*) ;;
*) ulimit -v 1500000 ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

chain() {	# chain N TYPE PREFIX: inlines PREFIX0 .. PREFIXN
	echo "inline $2 ${3}0 = 1;"
	i=1
	while [ $i -le $1 ]; do
		echo "inline $2 $3$i = $3$((i - 1)) + $3$((i - 1));"
		i=$((i + 1))
	done
}

{
	chain 64 long l
	chain 64 int i
	cat <<'EOD'
int a[i3];
BEGIN { printf("%d %d %d %d %d %d\n", l30, l62, i30, i31, i64, sizeof (a));
    exit(0); }
EOD
} >"$tmp/chain.d"
$DTRACE -qs "$tmp/chain.d"
echo "exit $?"
