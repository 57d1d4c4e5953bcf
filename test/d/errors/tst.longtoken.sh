# Errors about a 10 KB token (an identifier, a string literal, a file
# name of #line) keep their tag, file:line:column and caret: the quoted
# token is cut in the middle ("..."), the source line shown is the part
# around the column.  The message once filled the 4 KB buffer and lost
# its position.  Runs of one character are shown as C<count>.
exec 2>&1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
long() {	# long CHAR: 10240 of it
	awk -v c="$1" 'BEGIN { s = c; while (length(s) < 10240) s = s s;
	    printf("%s", substr(s, 1, 10240)) }'
}
run() {		# run ARGS: dtrace -xerrtags ARGS, its output and status
	$ONTTY $DTRACE -xerrtags "$@" > out 2>&1
	echo "rc=$?" >> out
	perl -pe 's/(.)\1{19,}/$1 . "<" . length($&) . ">"/ge' out
}
# a 10 KB name (too long, D_IDENT_OFLOW: the position is still given)
printf 'BEGIN\n{\n\tx = %s;\n}\n' "$(long a)" > ident.d
run -s ident.d
# a syntax error at a 10 KB string literal
printf 'BEGIN\n{\n\tx = 1 "%s";\n}\n' "$(long b)" > string.d
run -s string.d
# an error after a 10 KB string on the same line
printf 'BEGIN\n{\n\tx = "%s" + ; y = "%s";\n}\n' "$(long c)" "$(long d)" \
    > after.d
run -s after.d
# a -n program of a 10 KB name, and a file name of 4000 characters
run -n "BEGIN { x = $(long e); }"
# (the line after "#line 7" is 8, as DTrace numbers it)
printf '#line 7 "%s"\nBEGIN { x = ; }\n' "$(long f | cut -c1-4000)" \
    > name.d
run -s name.d
