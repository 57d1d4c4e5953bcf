/*
 * stringof takes a string, a pointer or an integer (an address, as a
 * probe's arg0 is): a struct is none of them.
 */
BEGIN { trace(stringof(*curthread)); }
