# The header of dtrace -h with clang, as C++ (header.inc).
compilers=("clang -x c++")
. ./header.inc
