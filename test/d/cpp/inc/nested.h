/*
 * inc/nested.h: included by dirs.h, for -H's nesting.
 */
#ifndef NESTED_H
#define NESTED_H

#define NESTED	(FROM_INCDIR + 1)

#endif
