# print() and tracemem() (and trace() of a struct) in JSON: print() as its
# type's name and the text it prints (of a pointer: its address, masked,
# then what it points to), the others as their bytes in hex.  Every line
# must parse (jq); the CPU is masked once jq has checked it.
out=$($DTRACE -q -x oformat=json -n 'struct pair { int a; short b; };
BEGIN {
	this->p = (struct pair *)alloca(sizeof (struct pair));
	this->p->a = 5;
	this->p->b = -2;
	print(*this->p);
	print(&this->p->b);
	trace(*this->p);
	tracemem(this->p, 4);
	exit(0);
}') || exit 1
printf '%s\n' "$out" | jq -e -c '.cpu |= (if type == "number" then "N" else error("cpu") end) |
    .records |= map(if .kind == "print" then .output |=
    sub("^0x[0-9a-f]+ = \\*"; "ADDR = *") else . end)'
