/*
 * Without -C, #include is a syntax error, in a clause too.
 */
BEGIN
{
#include "cpp.h"
	exit(0);
}
