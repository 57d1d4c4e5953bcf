# aggpercpu: below each entry, every CPU's part of it, CPU by CPU, in the
# entry's value column ("    [CPU N]"), for every CPU the system may
# have; one the entry has nothing from shows where its function starts:
# 0, min()'s largest value, max()'s smallest; a histogram's CPUs each
# get a histogram.  BEGIN fires on the consumer's CPU, here CPU 0: its
# lines are shown as "this", the others' as "other" (once: repeats are
# dropped).
taskset -c 0 $DTRACE -q -x aggpercpu -n 'BEGIN { printf("cpu %d\n", cpu); @c = count(); @c = count();
    @mn = min(5); @mx = max(-5); @s[1] = sum(7); @q = quantize(4); exit(0); }' |
awk '/^cpu / { me = $2; next }
    { if (match($0, /\[CPU [0-9]+\]/)) {
        n = substr($0, RSTART + 5, RLENGTH - 6)
        sub(/\[CPU [0-9]+\]/, n == me ? "[CPU this]" : "[CPU other]") }
      print }' | uniq
