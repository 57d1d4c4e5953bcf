/*
 * inc/dirs.h: found through -I inc (or -x incdir=inc); includes its
 * neighbour.
 */
#ifndef DIRS_H
#define DIRS_H

#include "nested.h"

#define FROM_INCDIR	17

#endif
