# dtrace: build with `make`; `make test` runs every test (as root).
#
#   build/dtrace          the command
#   build/libdtrace.so    the library: libdtrace.so.$(VERSION), soname
#                         libdtrace.so.0, and the links libdtrace.so.0 and
#                         libdtrace.so to it
#   build/libdtrace.a     the static library
#   build/examples/       the examples of embedding, examples/*.c, built
#                         against build/ (`make examples`)
#
# `make install` installs them (and dtprobed, its man page and systemd
# unit, where they exist) under $(DESTDIR)$(PREFIX), PREFIX /usr/local by
# default; `make uninstall` removes what it installed.
#   build/dtprobed        the USDT registry daemon (dtprobed/)
#
# `make test-qemu` runs fbt's tests and the kernel-dependent provider tests
# on Debian 12's own kernel (6.1) booted under qemu (scripts/qemu-lane).
# `make check` runs the tests on an ASan + UBSan build (build-san/),
# `make tsan` the concurrency tests (and examples/service) on a
# ThreadSanitizer build (build-tsan/).

CC      ?= cc

# The library's version: the soname carries the major number, which
# changes only when the interface breaks.
VERSION  = 0.1.0
SOMAJOR  = $(firstword $(subst ., ,$(VERSION)))
SONAME   = libdtrace.so.$(SOMAJOR)
SAN     ?=
ifeq ($(SAN),1)
BUILD   ?= build-san
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
           -fno-omit-frame-pointer
else ifeq ($(SAN),thread)
BUILD   ?= build-tsan
SANFLAGS = -fsanitize=thread -fno-omit-frame-pointer
else ifeq ($(SAN),fuzz)
# libFuzzer targets (make fuzz): clang, coverage for the fuzzer, ASan and
# UBSan; the fuzz binaries link libFuzzer's main (-fsanitize=fuzzer).
BUILD   ?= build-fuzz
CC       = clang
SANFLAGS = -fsanitize=fuzzer-no-link,address,undefined \
           -fno-sanitize-recover=all -fno-omit-frame-pointer
else
BUILD   ?= build
SANFLAGS =
endif

CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wno-missing-field-initializers \
           -fPIC -fvisibility=hidden -Iinclude $(SANFLAGS)
# libbpf, libelf and zlib are linked statically into the command: loading
# them at run time costs more than half a millisecond at every start.
LDLIBS   = -lbpf -lelf -lz -lpthread -lm
STATIC_LIBS = -Wl,-Bstatic -lbpf -lelf -lz -Wl,-Bdynamic -lpthread -lm
LDFLAGS += $(SANFLAGS)

LIB_SRCS := $(shell find libdtrace -name '*.c' | sort)
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/obj/%.o)
HDRS     := $(shell find include libdtrace -name '*.h') $(BUILD)/gen/dt_sysnr.h
CFLAGS  += -I$(BUILD)/gen

# System call numbers by name, from the kernel's user headers
# (linux-libc-dev), sorted for bsearch.
UNISTD  ?= /usr/include/x86_64-linux-gnu/asm/unistd_64.h

UNIT_SRCS := $(wildcard test/unit/*.c)
UNIT_BINS := $(UNIT_SRCS:test/unit/%.c=$(BUILD)/test/%)

# Programs the tests trace (not tests themselves): pidtarget as PIE, as
# non-PIE, and stripped (only .dynsym left, hence -rdynamic); sigtarget
# for raise() and stop(); pitarget for sched:::change-pri; tcpconn makes
# one loopback TCP connection for the tcp provider.  Built without
# sanitizers, with -O1 so that calls stay calls.  ustacktarget, for ustack(), keeps its frame
# pointers.  usdttarget has stapsdt probes (<sys/sdt.h>); usdttarget-lib
# also calls the one of libusdtlib.so, found next to it; usdtlibuser
# has no probes of its own and fires only the library's.  usdtprov has
# the probes of a provider declared in D (test/prog/usdtprov.d), built as
# users build theirs: dtrace -h for the header, cc -c, dtrace -G for the
# object linked in.
TESTPROGS := $(BUILD)/testprog/pidtarget $(BUILD)/testprog/pidtarget-nopie \
             $(BUILD)/testprog/pidtarget-stripped \
             $(BUILD)/testprog/ustacktarget $(BUILD)/testprog/usdttarget \
             $(BUILD)/testprog/usdttarget-lib $(BUILD)/testprog/libusdtlib.so \
             $(BUILD)/testprog/usdtlibuser \
             $(BUILD)/testprog/sigtarget $(BUILD)/testprog/pitarget \
             $(BUILD)/testprog/usdtprov \
             $(BUILD)/testprog/tcpconn \
             $(BUILD)/testprog/cfitarget $(BUILD)/testprog/opener \
             $(BUILD)/testprog/usdtbad $(BUILD)/testprog/usdtbad-many \
             $(BUILD)/testprog/pdelf

# Examples of embedding libdtrace (examples/*.c): built against the public
# header and the shared library only, in ISO C, run by the tests.
EXAMPLES := $(BUILD)/examples/minimal $(BUILD)/examples/service

# Fuzz targets (test/fuzz/NAME.c).  Under SAN=fuzz they are libFuzzer
# binaries (make fuzz); in the other builds they are linked with
# test/fuzz/replay.c and replay the committed corpora and regression
# inputs in test/run-tests (test/d/fuzz/).
FUZZ_NAMES := compile btf elf printf json pdnotes
FUZZ_BINS  := $(FUZZ_NAMES:%=$(BUILD)/fuzz/%)
FUZZTIME   ?= 30

# dtprobed: its own sources, libelf linked statically as in the command,
# the library's stapsdt note reader (libdtrace/proc/dt_notes.c), its
# fanotify exec holder (libdtrace/proc/dt_fanhold.c), its search for
# the libraries a held exec will map (libdtrace/proc/dt_ldsearch.c) and
# its reader of /proc/PID files (libdtrace/proc/dt_procfs.c),
# which depend on nothing else of the library.
PD_SRCS := $(wildcard dtprobed/*.c)
PD_OBJS := $(PD_SRCS:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/libdtrace/proc/dt_notes.o \
    $(BUILD)/obj/libdtrace/proc/dt_fanhold.o \
    $(BUILD)/obj/libdtrace/proc/dt_ldsearch.o \
    $(BUILD)/obj/libdtrace/proc/dt_procfs.o
PD_LIB_OBJS := $(filter-out $(BUILD)/obj/dtprobed/dtprobed.o \
    $(BUILD)/obj/dtprobed/dt_pd_cache.o \
    $(BUILD)/obj/dtprobed/dt_pd_known.o \
    $(BUILD)/obj/dtprobed/dt_pd_verdict.o \
    $(BUILD)/obj/dtprobed/dt_pd_hold.o \
    $(BUILD)/obj/libdtrace/proc/dt_fanhold.o,$(PD_OBJS))

all: $(BUILD)/dtrace $(BUILD)/libdtrace.so $(BUILD)/libdtrace.a $(UNIT_BINS) \
     $(TESTPROGS) $(EXAMPLES) $(FUZZ_BINS) $(BUILD)/dtprobed

examples: $(EXAMPLES)

$(BUILD)/testprog/tcpconn: test/prog/tcpconn.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -Wextra -Werror -o $@ $<

# opener: fbt's known workload (test/qemu/d/fbt), static so that no
# loader opens files.
$(BUILD)/testprog/opener: test/prog/opener.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -static -Wall -Wextra -Werror -o $@ $<

# usdtbad: hostile stapsdt notes (test/d/usdt/tst.hostile.sh)
$(BUILD)/testprog/usdtbad: test/prog/usdtbad.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -pie -fPIE -Wall -Wextra -Werror -o $@ $<

$(BUILD)/testprog/usdtbad-many: test/prog/usdtbad.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -pie -fPIE -Wall -Wextra -Werror -DDT_BAD_MANY -o $@ $<

$(BUILD)/testprog/pidtarget: test/prog/pidtarget.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -pie -fPIE -o $@ $< -lpthread -ldl

$(BUILD)/testprog/pidtarget-nopie: test/prog/pidtarget.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -no-pie -fno-PIE -o $@ $< -lpthread

$(BUILD)/testprog/pidtarget-stripped: test/prog/pidtarget.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -rdynamic -o $@ $< -lpthread
	strip $@

$(BUILD)/testprog/ustacktarget: test/prog/ustacktarget.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -pie -fPIE -fno-omit-frame-pointer \
	    -mno-omit-leaf-frame-pointer -fno-optimize-sibling-calls -o $@ $<

$(BUILD)/testprog/cfitarget: test/prog/cfitarget.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -pie -fPIE -fomit-frame-pointer \
	    -fno-optimize-sibling-calls -o $@ $<

# pdelf: crafted ELF files for the dtprobed tests, and a process that maps
# them.
$(BUILD)/testprog/pdelf: test/prog/pdelf.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -Wextra -Werror -o $@ $<

$(BUILD)/testprog/usdttarget: test/prog/usdttarget.c test/prog/usdtguard.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -pie -fPIE -o $@ $^

$(BUILD)/testprog/libusdtlib.so: test/prog/usdtlib.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -shared -fPIC -o $@ $<

$(BUILD)/testprog/usdttarget-lib: test/prog/usdttarget.c test/prog/usdtguard.c \
    $(BUILD)/testprog/libusdtlib.so
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -pie -fPIE -DDT_USDT_LIB -o $@ test/prog/usdttarget.c \
	    test/prog/usdtguard.c -L$(BUILD)/testprog -lusdtlib \
	    -Wl,-rpath,'$$ORIGIN'

$(BUILD)/testprog/usdtlibuser: test/prog/usdtlibuser.c \
    $(BUILD)/testprog/libusdtlib.so
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -Wextra -Werror -o $@ $< -L$(BUILD)/testprog \
	    -lusdtlib -Wl,--enable-new-dtags -Wl,-rpath,'$$ORIGIN'

USDTPROV_D = -C -I test/prog -s test/prog/usdtprov.d

$(BUILD)/testprog/usdtprov.h: test/prog/usdtprov.d test/prog/usdtprov-types.d \
    $(BUILD)/dtrace
	@mkdir -p $(dir $@)
	$(BUILD)/dtrace -h $(USDTPROV_D) -o $@

$(BUILD)/testprog/usdtprov.o: test/prog/usdtprov.c $(BUILD)/testprog/usdtprov.h
	$(CC) -O1 -g -fPIE -I$(BUILD)/testprog -c -o $@ $<

$(BUILD)/testprog/usdtprov-dtrace.o: $(BUILD)/testprog/usdtprov.o test/prog/usdtprov.d \
    test/prog/usdtprov-types.d
	$(BUILD)/dtrace -G $(USDTPROV_D) -o $@ $(BUILD)/testprog/usdtprov.o

$(BUILD)/testprog/usdtprov: $(BUILD)/testprog/usdtprov.o \
    $(BUILD)/testprog/usdtprov-dtrace.o
	$(CC) -pie -o $@ $^

$(BUILD)/testprog/sigtarget: test/prog/sigtarget.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -o $@ $<

$(BUILD)/testprog/pitarget: test/prog/pitarget.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -o $@ $< -lpthread

$(BUILD)/gen/dt_sysnr.h: $(UNISTD)
	@mkdir -p $(dir $@)
	awk '$$1 == "#define" && $$2 ~ /^__NR_/ && $$3 ~ /^[0-9]+$$/ { \
	    sub(/^__NR_/, "", $$2); print $$2, $$3 }' $< | LC_ALL=C sort | \
	    awk '{ printf "\t{ \"%s\", %s },\n", $$1, $$2 }' > $@.tmp
	mv $@.tmp $@

$(BUILD)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/libdtrace.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libdtrace.so.$(VERSION): $(LIB_OBJS) libdtrace/libdtrace.map
	$(CC) -shared -Wl,-soname,$(SONAME) \
	    -Wl,--version-script=libdtrace/libdtrace.map $(LDFLAGS) \
	    -o $@ $(LIB_OBJS) $(LDLIBS)

$(BUILD)/libdtrace.so: $(BUILD)/libdtrace.so.$(VERSION)
	ln -sf libdtrace.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $@

# The examples use the public interface only, in strict ISO C, and link
# the shared library of the build tree (found at run time through their
# rpath).
EXAMPLE_CFLAGS = -O2 -g -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude \
                 $(SANFLAGS)

$(BUILD)/examples/%: examples/%.c include/dtrace.h $(BUILD)/libdtrace.so
	@mkdir -p $(dir $@)
	$(CC) $(EXAMPLE_CFLAGS) -o $@ $< -L$(BUILD) -ldtrace \
	    -Wl,-rpath,'$$ORIGIN/..'

$(BUILD)/dtrace: $(BUILD)/obj/cmd/dtrace/dtrace.o $(BUILD)/libdtrace.a
	$(CC) $(LDFLAGS) -o $@ $< $(BUILD)/libdtrace.a $(STATIC_LIBS)

$(BUILD)/obj/dtprobed/%.o: dtprobed/%.c dtprobed/dt_pd.h \
    libdtrace/proc/dt_notes.h libdtrace/proc/dt_fanhold.h \
    libdtrace/proc/dt_ldsearch.h libdtrace/proc/dt_procfs.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/dtprobed: $(PD_OBJS)
	$(CC) $(LDFLAGS) -o $@ $(PD_OBJS) -Wl,-Bstatic -lelf -lz -Wl,-Bdynamic

# The daemon's sandbox and note reader, tested on their own.
$(BUILD)/test/pdsandbox: test/unit/pdsandbox.c test/unit/check.h $(PD_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Idtprobed -o $@ $< $(PD_LIB_OBJS) -lelf -lz

# Unit tests link the static library and may use its internals.
$(BUILD)/test/%: test/unit/%.c test/unit/check.h $(BUILD)/libdtrace.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ilibdtrace -o $@ $< $(BUILD)/libdtrace.a $(LDLIBS)

# pdnotes: dtprobed's note reader, linked with the daemon's objects.
ifeq ($(SAN),fuzz)
$(BUILD)/fuzz/pdnotes: test/fuzz/pdnotes.c test/fuzz/fuzz.h $(PD_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Idtprobed -fsanitize=fuzzer -o $@ $< $(PD_LIB_OBJS) \
	    -lelf -lz
$(BUILD)/fuzz/%: test/fuzz/%.c test/fuzz/fuzz.h $(BUILD)/libdtrace.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ilibdtrace -fsanitize=fuzzer -o $@ $< \
	    $(BUILD)/libdtrace.a $(LDLIBS)
else
$(BUILD)/fuzz/pdnotes: test/fuzz/pdnotes.c test/fuzz/replay.c \
    test/fuzz/fuzz.h $(PD_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Idtprobed -o $@ $< test/fuzz/replay.c $(PD_LIB_OBJS) \
	    -lelf -lz
$(BUILD)/fuzz/%: test/fuzz/%.c test/fuzz/replay.c test/fuzz/fuzz.h \
    $(BUILD)/libdtrace.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ilibdtrace -o $@ $< test/fuzz/replay.c \
	    $(BUILD)/libdtrace.a $(LDLIBS)
endif

fuzz-bins: $(FUZZ_BINS)

test: all
	test/run-tests $(BUILD)

# The second kernel lane: fbt and the provider tests on Debian 12's own
# kernel under qemu (scripts/qemu-lane, docs/testing.md).
test-qemu: all
	scripts/qemu-lane $(BUILD)

# Each fuzz target for FUZZTIME seconds (default 30) on its corpus
# (test/fuzz/corpus/NAME, test/fuzz/regress/NAME, and what earlier runs
# found in build-fuzz/corpus/NAME); fails on the first crash, leak,
# sanitizer report or time-out, leaving the input in build-fuzz/crashes/.
fuzz:
	$(MAKE) SAN=fuzz fuzz-bins
	test/fuzz/run build-fuzz $(FUZZTIME) $(FUZZ_NAMES)

# Benchmarks (bench/run runs them all, side by side with bpftrace).
bench: $(BUILD)/bench/sessions $(BUILD)/bench/compile $(BUILD)/bench/cfiread \
       $(BUILD)/bench/getpid \
       $(BUILD)/bench/ucall $(BUILD)/bench/execperm $(BUILD)/bench/openperm

# The loads of bench/events and bench/ucalls: plain programs, without
# libdtrace.
$(BUILD)/bench/getpid: bench/getpid.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $<

$(BUILD)/bench/ucall: bench/ucall.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $<

# What holding each exec with fanotify costs: a plain program too.
$(BUILD)/bench/execperm: bench/execperm.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< -lpthread

# ... and holding each open (a dlopen()ed library's), likewise.
$(BUILD)/bench/openperm: bench/openperm.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< -lpthread

$(BUILD)/bench/%: bench/%.c bench/bench.h $(BUILD)/libdtrace.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ilibdtrace -o $@ $< $(BUILD)/libdtrace.a $(STATIC_LIBS)

check:
	$(MAKE) SAN=1 all
	ASAN_OPTIONS=detect_leaks=1 test/run-tests build-san

# The concurrency tests under ThreadSanitizer.
tsan:
	$(MAKE) SAN=thread build-tsan/test/threads build-tsan/test/firstopen \
	    build-tsan/test/sessions \
	    build-tsan/test/apithreads build-tsan/examples/service \
	    build-tsan/test/soak build-tsan/test/churn
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/threads
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/firstopen
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/sessions
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/apithreads
	TSAN_OPTIONS=halt_on_error=1 timeout 120 build-tsan/examples/service 8 2
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/soak 500000
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/churn 40 4

# ---- installation ---------------------------------------------------------
#
# Only include/dtrace.h is installed as a header.  The dtprobed daemon, its
# man page and its systemd unit are installed where they exist; the unit's
# ExecStart is pointed at the installed daemon.  No ldconfig is run: with
# DESTDIR the tree is not this system's, and a packager runs it.

PREFIX      ?= /usr/local
DESTDIR     ?=
BINDIR      ?= $(PREFIX)/bin
SBINDIR     ?= $(PREFIX)/sbin
LIBDIR      ?= $(PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
MANDIR      ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
UNITDIR     ?= $(PREFIX)/lib/systemd/system

MANPAGES := $(wildcard docs/man/*.[1-8])
DTPROBED_BIN  = $(BUILD)/dtprobed
DTPROBED_UNIT = dtprobed/dtprobed.service

install: $(BUILD)/dtrace $(BUILD)/libdtrace.so $(BUILD)/libdtrace.a \
         libdtrace/libdtrace.pc.in
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 755 $(BUILD)/dtrace $(DESTDIR)$(BINDIR)/dtrace
	install -m 755 $(BUILD)/libdtrace.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf libdtrace.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libdtrace.so
	install -m 644 $(BUILD)/libdtrace.a $(DESTDIR)$(LIBDIR)/libdtrace.a
	install -m 644 include/dtrace.h $(DESTDIR)$(INCLUDEDIR)/dtrace.h
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    libdtrace/libdtrace.pc.in >$(DESTDIR)$(PKGCONFIGDIR)/libdtrace.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/libdtrace.pc
	for m in $(MANPAGES); do \
		s=$${m##*.}; \
		install -d $(DESTDIR)$(MANDIR)/man$$s && \
		install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/ || exit 1; \
	done
	if [ -f $(DTPROBED_BIN) ]; then \
		install -d $(DESTDIR)$(SBINDIR) && \
		install -m 755 $(DTPROBED_BIN) $(DESTDIR)$(SBINDIR)/dtprobed; \
	fi
	if [ -f $(DTPROBED_UNIT) ]; then \
		install -d $(DESTDIR)$(UNITDIR) && \
		sed -E 's|^(ExecStart=)[^ ]*dtprobed|\1$(SBINDIR)/dtprobed|' \
		    $(DTPROBED_UNIT) >$(DESTDIR)$(UNITDIR)/dtprobed.service && \
		chmod 644 $(DESTDIR)$(UNITDIR)/dtprobed.service; \
	fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/dtrace $(DESTDIR)$(SBINDIR)/dtprobed \
	    $(DESTDIR)$(LIBDIR)/libdtrace.so.$(VERSION) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libdtrace.so \
	    $(DESTDIR)$(LIBDIR)/libdtrace.a $(DESTDIR)$(INCLUDEDIR)/dtrace.h \
	    $(DESTDIR)$(PKGCONFIGDIR)/libdtrace.pc \
	    $(DESTDIR)$(UNITDIR)/dtprobed.service
	for m in $(MANPAGES) docs/man/dtprobed.8; do \
		b=$${m##*/}; s=$${m##*.}; \
		rm -f $(DESTDIR)$(MANDIR)/man$$s/$$b; \
	done

clean:
	rm -rf build build-san build-tsan build-fuzz

.PHONY: all examples test test-qemu bench check tsan fuzz fuzz-bins clean install uninstall
