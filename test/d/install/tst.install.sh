# `make install` into a temporary root (DESTDIR, PREFIX=/usr), then build
# examples/minimal.c against that tree alone, through pkg-config, linked
# with the shared library and statically, and run both for real; the
# installed header must compile alone in C and C++; `make uninstall` must
# leave nothing behind.  Under build-san the example is built with the
# same sanitizers (a sanitized program cannot be fully static: there the
# static link takes libdtrace.a and the system's shared libraries).
set -u
ROOT=$(cd ../../.. && pwd)
B=$(basename "$BUILD_DIR")
root=$TMPDIR/install-root
case $B in
build-san)
	mk=(SAN=1 BUILD="$B")
	san=(-fsanitize=address,undefined -fno-omit-frame-pointer) ;;
*)	mk=(BUILD="$B")
	san=() ;;
esac
VERSION=$(sed -nE 's/^VERSION += *([0-9.]+)$/\1/p' "$ROOT/Makefile")
fail() { echo "FAIL: $*"; exit 1; }

if ! make -s -C "$ROOT" "${mk[@]}" install DESTDIR="$root" PREFIX=/usr \
    >"$TMPDIR/make.log" 2>&1; then
	cat "$TMPDIR/make.log"
	fail "make install"
fi

# What was installed (dtprobed's files: below).
echo "-- installed"
(cd "$root" && find . \( -type f -o -type l \) ! -name '*dtprobed*' |
    sed 's|^\./||' | sed "s|$VERSION|VERSION|" | LC_ALL=C sort)
lib=$root/usr/lib
echo "-- links"
for l in libdtrace.so libdtrace.so.0; do
	echo "$l -> $(readlink "$lib/$l" | sed "s|$VERSION|VERSION|")"
done
readelf -d "$lib/libdtrace.so.$VERSION" | sed -nE 's/.*\(SONAME\).*\[(.*)\]/soname \1/p'
# Only the interface is exported.
other=$(nm -D --defined-only "$lib/libdtrace.so.$VERSION" |
    awk '$3 !~ /^dtrace_/ && $3 != "LIBDTRACE_0" { print $3 }')
[ -z "$other" ] || fail "exported besides dtrace_*: $other"
echo "exports: dtrace_* only"

# dtprobed, its man page and its unit: installed exactly when they exist;
# the unit sets MemoryMax.
for f in "$BUILD_DIR/dtprobed:usr/sbin/dtprobed" \
    "$ROOT/docs/man/dtprobed.8:usr/share/man/man8/dtprobed.8" \
    "$ROOT/dtprobed/dtprobed.service:usr/lib/systemd/system/dtprobed.service"; do
	src=${f%%:*} dst=$root/${f#*:}
	if [ -f "$src" ] && [ ! -f "$dst" ]; then fail "$src not installed"; fi
	if [ ! -f "$src" ] && [ -e "$dst" ]; then fail "$dst installed from nothing"; fi
done
u=$root/usr/lib/systemd/system/dtprobed.service
if [ -f "$u" ] && grep -q '^ExecStart=' "$u" &&
    ! grep -q '^ExecStart=/usr/sbin/dtprobed' "$u"; then
	fail "the unit's ExecStart does not name /usr/sbin/dtprobed: $(grep ^ExecStart "$u")"
fi
# the unit bounds the daemon and its readers (docs/security.md)
if [ -f "$u" ] && ! grep -qE '^MemoryMax=[0-9]+[KMG]?$' "$u"; then
	fail "the unit sets no MemoryMax for dtprobed"
fi
echo "dtprobed files: installed where they exist"

# The header alone, with nothing else of ours, in C and C++.
inc=$root/usr/include
for std in c99 c11 gnu17; do
	echo '#include <dtrace.h>' | cc -std=$std -pedantic -Wall -Wextra -Werror \
	    -I"$inc" -fsyntax-only -x c - || fail "dtrace.h in $std"
done
for std in c++11 c++17; do
	echo '#include <dtrace.h>' | c++ -std=$std -pedantic -Wall -Wextra -Werror \
	    -I"$inc" -fsyntax-only -x c++ - || fail "dtrace.h in $std"
done
echo "dtrace.h compiles alone: c99 c11 gnu17 c++11 c++17"

# A provider's header from the installed dtrace -h compiles with nothing
# but the installed files, and the installed dtrace -G makes the object
# that links it.
printf 'provider inst {\n\tprobe ready(int, char *);\n};\n' >"$TMPDIR/inst.d"
"$root/usr/bin/dtrace" -h -s "$TMPDIR/inst.d" -o "$TMPDIR/inst.h" ||
    fail "dtrace -h"
printf '#include "inst.h"\nint main(void) { INST_READY(1, "x"); return INST_READY_ENABLED(); }\n' |
    cc -Wall -Werror -I"$TMPDIR" -I"$inc" -x c -c -o "$TMPDIR/inst-main.o" - ||
    fail "a dtrace -h header with the installed files"
"$root/usr/bin/dtrace" -G -s "$TMPDIR/inst.d" -o "$TMPDIR/inst-prov.o" \
    "$TMPDIR/inst-main.o" || fail "dtrace -G"
cc -o "$TMPDIR/inst" "$TMPDIR/inst-main.o" "$TMPDIR/inst-prov.o" ||
    fail "linking the -G object"
"$TMPDIR/inst" || fail "a program with probes, not traced: ENABLED() is 0"
echo "dtrace -h and -G: the header compiles, the object links"

# pkg-config sees the installed tree only.
export PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_PATH=$lib/pkgconfig \
    PKG_CONFIG_LIBDIR=$lib/pkgconfig
[ "$(pkg-config --modversion libdtrace)" = "$VERSION" ] ||
    fail "pkg-config version $(pkg-config --modversion libdtrace), not $VERSION"
echo "-- pkg-config"
pkg-config --cflags --libs libdtrace | sed "s|$root|\$ROOT|g"
pkg-config --static --cflags --libs libdtrace | sed "s|$root|\$ROOT|g"

prog='BEGIN { printf("installed %s\n", "ok"); @n["a"] = count();
    @n["b"] = count(); @n["b"] = count(); exit(4); }'

# Linked with the shared library: it must be the installed one.
cc -std=c11 -Wall -Wextra -Werror "${san[@]}" -o "$TMPDIR/min-dyn" \
    "$ROOT/examples/minimal.c" $(pkg-config --cflags --libs libdtrace) ||
    fail "build against the installed tree"
export LD_LIBRARY_PATH=$lib
ldd "$TMPDIR/min-dyn" | grep -q "libdtrace.so.0 => $lib/libdtrace.so.0 " ||
    fail "min-dyn does not use the installed library: $(ldd "$TMPDIR/min-dyn")"
echo "-- shared"
"$TMPDIR/min-dyn" "$prog" 2>&1
echo "rc=$?"

# Static: libdtrace.a and Libs.private.
if [ ${#san[@]} -eq 0 ]; then
	cc -static -std=c11 -Wall -Wextra -Werror -o "$TMPDIR/min-static" \
	    "$ROOT/examples/minimal.c" $(pkg-config --static --cflags --libs libdtrace) ||
	    fail "static build against the installed tree"
else
	cc -std=c11 -Wall -Wextra -Werror "${san[@]}" -o "$TMPDIR/min-static" \
	    "$ROOT/examples/minimal.c" $(pkg-config --cflags libdtrace) \
	    $(pkg-config --libs-only-L libdtrace) -Wl,-Bstatic -ldtrace -Wl,-Bdynamic \
	    $(pkg-config --static --libs-only-l libdtrace | sed 's/-ldtrace//') ||
	    fail "static build against the installed tree"
fi
if readelf -d "$TMPDIR/min-static" | grep -q 'libdtrace'; then
	fail "min-static needs libdtrace.so"
fi
echo "-- static"
"$TMPDIR/min-static" "$prog" 2>&1
echo "rc=$?"

# The installed command.
echo "-- dtrace"
[ "$("$root/usr/bin/dtrace" -vV)" = "$("$DTRACE" -vV)" ] || fail "installed dtrace -vV"
# One version: the Makefile's, the command's and the man pages'.
"$root/usr/bin/dtrace" -vV | grep -q "^This is dtrace $VERSION," ||
    fail "dtrace -vV says $("$root/usr/bin/dtrace" -vV), the Makefile $VERSION"
for m in "$ROOT"/docs/man/dtrace.1 "$ROOT"/docs/man/libdtrace.3; do
	grep -q "^\.TH .* \"dtrace $VERSION\"" "$m" || fail "$m: .TH is not of dtrace $VERSION"
done
"$root/usr/bin/dtrace" -q -n 'BEGIN { printf("installed dtrace\n"); exit(0); }'
echo "rc=$?"

# Uninstall leaves no file behind.
make -s -C "$ROOT" "${mk[@]}" uninstall DESTDIR="$root" PREFIX=/usr ||
    fail "make uninstall"
left=$(find "$root" \( -type f -o -type l \))
[ -z "$left" ] || fail "left after make uninstall: $left"
echo "uninstall: nothing left"

# The rules for dtprobed's three files, with stand-ins for them (the
# Makefile's variables name them), under another PREFIX: each lands in
# its place, the unit's ExecStart names the installed daemon, and
# uninstall takes them away.
fake=$TMPDIR/fake
mkdir -p "$fake"
cp /bin/true "$fake/dtprobed"
printf '[Service]\nExecStart=/usr/sbin/dtprobed --foreground\n' >"$fake/dtprobed.service"
sed 's/^\.TH DTRACE 1/.TH DTPROBED 8/' "$ROOT/docs/man/dtrace.1" >"$fake/dtprobed.8"
fk=(DTPROBED_BIN="$fake/dtprobed" DTPROBED_UNIT="$fake/dtprobed.service"
    MANPAGES="$(cd "$ROOT" && echo docs/man/*.[1-8]) $fake/dtprobed.8")
make -s -C "$ROOT" "${mk[@]}" "${fk[@]}" install DESTDIR="$root" PREFIX=/opt/dt \
    >"$TMPDIR/make.log" 2>&1 || { cat "$TMPDIR/make.log"; fail "make install with dtprobed"; }
[ -x "$root/opt/dt/sbin/dtprobed" ] || fail "no sbin/dtprobed"
[ -f "$root/opt/dt/share/man/man8/dtprobed.8" ] || fail "no man8/dtprobed.8"
grep -qx 'ExecStart=/opt/dt/sbin/dtprobed --foreground' \
    "$root/opt/dt/lib/systemd/system/dtprobed.service" ||
    fail "unit: $(cat "$root/opt/dt/lib/systemd/system/dtprobed.service")"
make -s -C "$ROOT" "${mk[@]}" "${fk[@]}" uninstall DESTDIR="$root" PREFIX=/opt/dt ||
    fail "make uninstall with dtprobed"
left=$(find "$root" \( -type f -o -type l \))
[ -z "$left" ] || fail "left after make uninstall: $left"
echo "dtprobed rules: sbin, man8, systemd unit (ExecStart follows PREFIX)"

# PREFIX defaults to /usr/local, and the pkg-config file follows it.
make -s -C "$ROOT" "${mk[@]}" install DESTDIR="$root" >/dev/null 2>&1 ||
    fail "make install without PREFIX"
[ -x "$root/usr/local/bin/dtrace" ] || fail "no usr/local/bin/dtrace"
grep -qx 'prefix=/usr/local' "$root/usr/local/lib/pkgconfig/libdtrace.pc" ||
    fail "pkg-config prefix: $(grep ^prefix "$root/usr/local/lib/pkgconfig/libdtrace.pc")"
make -s -C "$ROOT" "${mk[@]}" uninstall DESTDIR="$root" || fail "make uninstall"
[ -z "$(find "$root" \( -type f -o -type l \))" ] || fail "left in usr/local"
echo "default prefix: /usr/local"
