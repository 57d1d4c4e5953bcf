# The man pages render without warnings (groff and man), and cannot fall
# behind the code: dtrace.1 names every option of the command's getopt
# string and every option dtrace_setopt() accepts (the rows of
# libdtrace/core/dt_options.c); libdtrace.3 names every
# function and EDT_ code of include/dtrace.h.
set -u
ROOT=$(cd ../../.. && pwd)
MAN=$ROOT/docs/man
for p in dtrace.1 libdtrace.3; do
	[ -f "$MAN/$p" ] || { echo "FAIL: no $p"; exit 1; }
done
bad=0
for f in "$MAN"/*.[1-8]; do
	p=$(basename "$f")
	w=$(groff -man -ww -z "$f" 2>&1)
	[ -z "$w" ] || { echo "groff warns on $p: $w"; bad=1; }
	w=$(MANWIDTH=80 man --warnings -l "$f" 2>&1 >"$TMPDIR/$p.txt")
	[ $? -eq 0 ] && [ -z "$w" ] || { echo "man warns on $p: $w"; bad=1; }
	[ -s "$TMPDIR/$p.txt" ] || { echo "man renders $p empty"; bad=1; }
done
echo "every page renders without warnings"

# Every option letter of the command's getopt string, as an option tag
# ("       -x"; -3 and -6 are -32 and -64).
txt=$TMPDIR/dtrace.1.txt
optstr=$(sed -nE 's/^[[:space:]]*"(\+[A-Za-z0-9:]+)";$/\1/p' "$ROOT/cmd/dtrace/dtrace.c")
[ -n "$optstr" ] || { echo "FAIL: no getopt string found in cmd/dtrace/dtrace.c"; exit 1; }
n=0
for c in $(tr -d '+:' <<<"$optstr" | fold -w1); do
	n=$((n + 1))
	grep -qE "^ {7}-$c( |$|[0-9])" "$txt" ||
	    { echo "dtrace.1 does not document -$c"; bad=1; }
done
[ "$n" -ge 20 ] || { echo "FAIL: only $n options in '$optstr'"; exit 1; }
echo "dtrace.1 documents the options of the getopt string"; echo "getopt: $n" >&2

# Every option name dtrace_setopt() accepts: the rows of the option table,
# as a tag in OPTIONS FOR -x.
opts=$(sed -nE 's/.*\.od_name = "([a-z0-9_]+)".*/\1/p' \
    "$ROOT/libdtrace/core/dt_options.c" | LC_ALL=C sort -u)
sec=$(sed -n '/^OPTIONS FOR -x/,/^EXIT STATUS/p' "$txt")
n=0
for o in $opts; do
	n=$((n + 1))
	grep -qE "^ {7}$o(=| |$)" <<<"$sec" ||
	    { echo "dtrace.1 does not document -x $o"; bad=1; }
done
[ "$n" -ge 30 ] || { echo "FAIL: only $n -x options found in the sources"; exit 1; }
echo "dtrace.1 documents the options of dtrace_setopt()"; echo "setopt: $n" >&2

# Every function and error code of the public header.
txt=$TMPDIR/libdtrace.3.txt
fns=$(sed -nE 's/^extern .*[ *](dtrace_[a-z0-9_]+)\(.*/\1/p' "$ROOT/include/dtrace.h" |
    LC_ALL=C sort -u)
n=0
for f in $fns; do
	n=$((n + 1))
	grep -qE "[ *]$f\(" "$txt" || { echo "libdtrace.3 does not document $f()"; bad=1; }
done
[ "$n" -ge 25 ] || { echo "FAIL: only $n functions found in dtrace.h"; exit 1; }
echo "libdtrace.3 documents the functions of dtrace.h"; echo "functions: $n" >&2
n=0
for t in $(sed -nE 's/^typedef .*[ *](dtrace_[a-z0-9_]+_f)\(.*/\1/p' "$ROOT/include/dtrace.h"); do
	n=$((n + 1))
	grep -qw "$t" "$txt" || { echo "libdtrace.3 does not name the type $t"; bad=1; }
done
[ "$n" -ge 6 ] || { echo "FAIL: only $n callback types found in dtrace.h"; exit 1; }
echo "libdtrace.3 names the callback types of dtrace.h"; echo "types: $n" >&2
codes=$(sed -nE 's/^[[:space:]]*(EDT_[A-Z0-9_]+)( = [A-Z_]+)?,.*/\1/p' "$ROOT/include/dtrace.h" |
    grep -vx 'EDT_BASE\|EDT_MAX')
n=0
for e in $codes; do
	n=$((n + 1))
	grep -qE "^ {7}$e$" "$txt" || { echo "libdtrace.3 does not explain $e"; bad=1; }
done
[ "$n" -ge 20 ] || { echo "FAIL: only $n EDT_ codes found in dtrace.h"; exit 1; }
echo "libdtrace.3 explains the EDT_ codes of dtrace.h"; echo "codes: $n" >&2
exit $bad
