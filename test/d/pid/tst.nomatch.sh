# A pid description that names things exactly and matches nothing says
# why, with DTrace's tags, before anything is attached, exit 1: a probe
# name that is none of the provider's (D_PROC_NAME), a function its module
# (or none of its modules) has (D_PROC_FUNC).  A module the process does
# not map only matches nothing (D_PDESC_ZERO, as DTrace tags it), the
# reason said; with globs it only matches nothing, and under -Z it is
# accepted.
bin="$BUILD_DIR/testprog/pidtarget"
try() {
	$DTRACE -xerrtags "$@" -c "$bin 1" 2>&1 | head -1 |
	    sed -E -e 's/pid[0-9]+/pidN/g' -e 's/process [0-9]+/process N/'
	echo "exit ${PIPESTATUS[0]}"
}
try -n 'pid$target:a.out:dt_pt_add:bogus { }'
try -n 'pid$target:libnosuch::entry { }'
try -n 'pid$target:a.out:no_such_function:entry { }'
try -n 'pid$target::no_such_function:entry { }'
try -n 'pid$target:libc.so.6:no_such_function: { }'
try -n 'pid$target:libnosuch*::entry { }'
try -Z -q -n 'pid$target:libnosuch::entry { }'
