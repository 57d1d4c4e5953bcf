# A compiler error after preprocessing gives the user's file and line
# (not the line of cpp's output), and the header's name and line for an
# error in a header.
exec 2>&1
$ONTTY $DTRACE -C -s errline.d.in
echo "rc=$?"
$ONTTY $DTRACE -C -xerrtags -s errline.d.in 2>&1 | head -1
# an error in an included file
cat > errhdr.d <<'D'
#pragma D option quiet
#include "errhdr.h"
D
$ONTTY $DTRACE -C -s errhdr.d
echo "rc=$?"
rm -f errhdr.d
# a -n program: its one line, as without -C
$ONTTY $DTRACE -C -D 'VAL=(1 +)' -n 'BEGIN { x = VAL; }'
echo "rc=$?"
# #line without -C renames and renumbers as DTrace does: the line after
# "#line 100" is 101 (cpp's marker "# 100" would make it 100)
printf '#line 100 "renamed.d"\nBEGIN\n{\n\tx = ;\n}\n' > line.d
$ONTTY $DTRACE -s line.d
echo "rc=$?"
rm -f line.d
