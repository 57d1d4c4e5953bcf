# DTrace's line numbering after a line directive, without -C: "#line N"
# and "#pragma line N" make the directive's own line N, so the line after
# it is N + 1 (DTrace's dt_pragma() counts the directive's newline, then
# the directive sets the line); cpp's marker "# N" (which -C's output
# carries) numbers the next line N.  A file name names the lines that
# follow ("FILE", line N: in messages) for all three forms; "#pragma line
# 0" is accepted (the next line is 1).  A malformed one (no number, a
# word where the file name goes, a word after it) is D_PRAGMA_MALFORM.
exec 2>&1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
try() {
	printf '%b' "$1" > t.d
	$DTRACE -xerrtags -s t.d | head -1
}
# the error is on the third line after the directive
try '#line 40\nBEGIN\n{\n\tx = ;\n}\n'
try '#pragma line 40\nBEGIN\n{\n\tx = ;\n}\n'
try '# 40\nBEGIN\n{\n\tx = ;\n}\n'
try '#line 40 "named.d"\nBEGIN\n{\n\tx = ;\n}\n'
try '#pragma line 40 "named.d"\nBEGIN\n{\n\tx = ;\n}\n'
try '# 40 "named.d" 1 3\nBEGIN\n{\n\tx = ;\n}\n'
try '#pragma line 0\nBEGIN\n{\n\tx = ;\n}\n'
# inside a clause, and twice
try 'BEGIN\n{\n#pragma line 7\n\ty = 1;\n#line 20\n\tx = ;\n}\n'
# malformed
try '#line\nBEGIN { }\n'
try '#line x\nBEGIN { }\n'
try '#line 3 named.d\nBEGIN { }\n'
try '#pragma line 3 "named.d" x\nBEGIN { }\n'
try '#line 3 "named.d" x\nBEGIN { }\n'
