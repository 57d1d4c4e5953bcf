# The header of dtrace -h with gcc, as C (header.inc).
compilers=("gcc -x c")
. ./header.inc
