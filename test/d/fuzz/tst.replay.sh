# The fuzz targets of test/fuzz/, built without libFuzzer (BUILD_DIR/fuzz/
# NAME, test/fuzz/replay.c), run once on every input that made them fail
# (test/fuzz/regress/NAME/) and on their committed seed corpora
# (test/fuzz/corpus/NAME/).  In the sanitizer build this is the
# fuzzers' check without the fuzzing: crashes, sanitizer reports and leaks.
ROOT=$(cd ../../.. && pwd)
for t in compile btf elf printf json pdnotes; do
	# a target without a regression input yet has no regress/ directory
	# (git keeps no empty directories)
	dirs=()
	for d in "$ROOT/test/fuzz/regress/$t" "$ROOT/test/fuzz/corpus/$t"; do
		[ -d "$d" ] && dirs+=("$d")
	done
	if "$BUILD_DIR/fuzz/$t" "${dirs[@]}" >"$TMPDIR/replay.out" \
	    2>"$TMPDIR/replay.err"; then
		echo "$t: ok"
	else
		echo "$t: failed"
		tail -40 "$TMPDIR/replay.err" >&2
	fi
done
