# Shared by the shell benchmarks (sourced): N must be set.

# bpftrace installed for the comparisons, dtrace built.
bench_prepare() {
	if ! command -v bpftrace >/dev/null; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		    bpftrace >/dev/null
	fi
	[ -x "$DTRACE" ] || make -j"$(nproc)" >/dev/null
}

# median wall time in microseconds of N runs of the command
median() {
	local t=()
	for ((i = 0; i < N; i++)); do
		local s e
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1
		e=$(date +%s%N)
		t+=($(( (e - s) / 1000 )))
	done
	printf '%s\n' "${t[@]}" | sort -n | awk '{ a[NR] = $1 } END {
	    print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}
