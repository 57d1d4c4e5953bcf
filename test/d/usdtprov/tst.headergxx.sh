# The header of dtrace -h with g++, as C++ (header.inc).
compilers=("g++ -x c++")
. ./header.inc
