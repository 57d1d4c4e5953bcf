/* stringof is an operator, not a function with a prototype: an action
   as its operand has no value to convert (not D_PROTO_ARG). */
BEGIN
{
	printf("%s", stringof(trace(0)));
}
