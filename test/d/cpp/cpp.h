/*
 * cpp.h: a header the tests of -C include (from the test directory).
 */
#ifndef CPP_H
#define CPP_H

#define GREETING	"hello from a header"
#define SQUARE(x)	((x) * (x))

#endif
