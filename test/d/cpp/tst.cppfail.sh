# The preprocessor fails: exit status 1, its messages as it wrote them,
# then DTrace's "failed to compile script FILE: Preprocessor failed to
# process input program" ("invalid probe specifier" for -n); nothing is
# compiled.  One that cannot run, or fails without a word, is named.
exec 2>&1
printf 'BEGIN { exit(0); }\n#include "nosuch.h"\n' > missing.d
$DTRACE -C -s missing.d
echo "rc=$?"
printf '#if 1\n#error this script needs a newer kernel\n#endif\n' > error.d
$DTRACE -C -s error.d
echo "rc=$?"
# a -n program
$DTRACE -C -n '#error nope'
echo "rc=$?"
# a missing preprocessor is named
$DTRACE -C -x cpppath=/nonexistent/cpp -s error.d
echo "rc=$?"
$DTRACE -x cpp -x cpppath=false -n 'BEGIN { exit(0); }'
echo "rc=$?"
rm -f missing.d error.d
