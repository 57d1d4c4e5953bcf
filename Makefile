# dtrace: build with `make`; `make test` runs every test (as root).
#
#   build/dtrace          the command
#   build/libdtrace.so    the library (soname libdtrace.so.0)
#   build/libdtrace.a     the static library
#
# `make check` runs the tests on an ASan + UBSan build (build-san/),
# `make tsan` the concurrency tests on a ThreadSanitizer build (build-tsan/).

CC      ?= cc
SAN     ?=
ifeq ($(SAN),1)
BUILD   ?= build-san
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
           -fno-omit-frame-pointer
else ifeq ($(SAN),thread)
BUILD   ?= build-tsan
SANFLAGS = -fsanitize=thread -fno-omit-frame-pointer
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
# for raise() and stop(); pitarget for sched:::change-pri.  Built without
# sanitizers, with -O1 so that calls stay calls.  ustacktarget, for ustack(), keeps its frame
# pointers.  usdttarget has stapsdt probes (<sys/sdt.h>); usdttarget-lib
# also calls the one of libusdtlib.so, found next to it.  usdtprov has
# the probes of a provider declared in D (test/prog/usdtprov.d), built as
# users build theirs: dtrace -h for the header, cc -c, dtrace -G for the
# object linked in.
TESTPROGS := $(BUILD)/testprog/pidtarget $(BUILD)/testprog/pidtarget-nopie \
             $(BUILD)/testprog/pidtarget-stripped \
             $(BUILD)/testprog/ustacktarget $(BUILD)/testprog/usdttarget \
             $(BUILD)/testprog/usdttarget-lib $(BUILD)/testprog/libusdtlib.so \
             $(BUILD)/testprog/sigtarget $(BUILD)/testprog/pitarget \
             $(BUILD)/testprog/usdtprov

all: $(BUILD)/dtrace $(BUILD)/libdtrace.so $(BUILD)/libdtrace.a $(UNIT_BINS) \
     $(TESTPROGS)

$(BUILD)/testprog/pidtarget: test/prog/pidtarget.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -pie -fPIE -o $@ $< -lpthread

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

$(BUILD)/libdtrace.so: $(LIB_OBJS) libdtrace/libdtrace.map
	$(CC) -shared -Wl,-soname,libdtrace.so.0 \
	    -Wl,--version-script=libdtrace/libdtrace.map $(LDFLAGS) \
	    -o $@ $(LIB_OBJS) $(LDLIBS)
	ln -sf libdtrace.so $(BUILD)/libdtrace.so.0

$(BUILD)/dtrace: $(BUILD)/obj/cmd/dtrace/dtrace.o $(BUILD)/libdtrace.a
	$(CC) $(LDFLAGS) -o $@ $< $(BUILD)/libdtrace.a $(STATIC_LIBS)

# Unit tests link the static library and may use its internals.
$(BUILD)/test/%: test/unit/%.c test/unit/check.h $(BUILD)/libdtrace.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ilibdtrace -o $@ $< $(BUILD)/libdtrace.a $(LDLIBS)

test: all
	test/run-tests $(BUILD)

# Benchmarks (bench/run runs them all, side by side with bpftrace).
bench: $(BUILD)/bench/sessions $(BUILD)/bench/compile $(BUILD)/bench/getpid \
       $(BUILD)/bench/ucall

# The loads of bench/events and bench/ucalls: plain programs, without
# libdtrace.
$(BUILD)/bench/getpid: bench/getpid.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $<

$(BUILD)/bench/ucall: bench/ucall.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $<

$(BUILD)/bench/%: bench/%.c bench/bench.h $(BUILD)/libdtrace.a $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Ilibdtrace -o $@ $< $(BUILD)/libdtrace.a $(STATIC_LIBS)

check:
	$(MAKE) SAN=1 all
	ASAN_OPTIONS=detect_leaks=1 test/run-tests build-san

# The concurrency tests under ThreadSanitizer.
tsan:
	$(MAKE) SAN=thread build-tsan/test/threads build-tsan/test/sessions
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/threads
	TSAN_OPTIONS=halt_on_error=1 build-tsan/test/sessions

clean:
	rm -rf build build-san build-tsan

.PHONY: all test bench check tsan clean
