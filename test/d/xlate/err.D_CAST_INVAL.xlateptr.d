/*
 * A pointer to a translated struct is no address (the struct exists only
 * member by member): casting it, here to an integer, is D_CAST_INVAL.
 */
struct src { int a; };
struct dst { int b; };
translator struct dst < struct src *s > { b = s->a; };

BEGIN
{
	x = (uintptr_t)xlate <struct dst *> ((struct src *)alloca(4));
	exit(0);
}
