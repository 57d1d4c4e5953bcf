# Struct and char array values of 1, 2 and 4 KB stored whole in self->
# variables, associative array elements (global and thread-local) and a
# global, every byte read back: a value larger than the string
# temporaries once came out cut or refused, and c[i] of a char array past
# strsize read 0 (it indexed a string copy of strsize characters).  The
# bytes come from a file that dd writes in one write(2): byte i is
# (7i + 3) mod 251 + 1.  Each variable's trace() dump must hold the file's
# bytes, and c[i] at three places the file's byte there (as a signed
# char).
for n in 1024 2048 4096; do
	f=$TMPDIR/bigstruct$n
	LC_ALL=C awk -v n=$n 'BEGIN { for (i = 0; i < n; i++)
	    printf("%c", (i * 7 + 3) % 251 + 1) }' >$f
	$DTRACE -q -x scratchsize=8k -c "dd if=$f of=/dev/null bs=$n count=1 status=none" -n "
	struct s { char c[$n]; };
	struct s g;
	syscall::write:entry /pid == \$target && arg2 == $n/ {
		this->p = (struct s *)copyin(arg1, $n);
		self->s = *this->p;
		a[1] = *this->p;
		self->t[\"k\"] = *this->p;
		g = *this->p;
	}
	syscall::write:entry /pid == \$target && arg2 == $n/ {
		printf(\"= self\n\"); trace(self->s);
	}
	syscall::write:entry /pid == \$target && arg2 == $n/ {
		printf(\"\n= assoc\n\"); trace(a[1]);
	}
	syscall::write:entry /pid == \$target && arg2 == $n/ {
		printf(\"\n= selfassoc\n\"); trace(self->t[\"k\"]);
	}
	syscall::write:entry /pid == \$target && arg2 == $n/ {
		printf(\"\n= global\n\"); trace(g);
	}
	syscall::write:entry /pid == \$target && arg2 == $n/ {
		printf(\"\n= index %d %d %d %d %d %d %d %d %d %d %d %d\n\",
		    self->s.c[300], self->s.c[$n / 2 + 1], self->s.c[$n - 1],
		    a[1].c[300], a[1].c[$n / 2 + 1], a[1].c[$n - 1],
		    self->t[\"k\"].c[300], self->t[\"k\"].c[$n / 2 + 1],
		    self->t[\"k\"].c[$n - 1],
		    g.c[300], g.c[$n / 2 + 1], g.c[$n - 1]);
	}" >$TMPDIR/bigstruct.out 2>&1
	echo "$n: rc=$?"
	want=$(od -An -v -t x1 $f | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')
	for v in self assoc selfassoc global; do
		got=$(awk -v v="$v" '/^= / { on = ($2 == v); next }
		    on && /^ *[0-9a-f]+: / { for (i = 2; i <= 17 && $i ~ /^[0-9a-f][0-9a-f]$/; i++) printf("%s ", $i) }' \
		    $TMPDIR/bigstruct.out | sed 's/ $//')
		[ "$got" = "$want" ] && echo "$n $v: same bytes" || echo "$n $v: differs"
	done
	exp=""
	for r in 1 2 3 4; do
		for i in 300 $((n / 2 + 1)) $((n - 1)); do
			b=$(( (i * 7 + 3) % 251 + 1 ))
			[ $b -gt 127 ] && b=$((b - 256))
			exp="$exp $b"
		done
	done
	got=$(sed -n 's/^= index//p' $TMPDIR/bigstruct.out)
	[ "$got" = "$exp" ] && echo "$n c[i]: the file's bytes" || echo "$n c[i]: $got, not$exp"
done
