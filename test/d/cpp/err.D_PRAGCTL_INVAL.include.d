/*
 * Without -C, #include is an invalid control directive, in a clause too.
 */
BEGIN
{
#include "cpp.h"
	exit(0);
}
