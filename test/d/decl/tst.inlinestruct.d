/*
 * An inline of struct or union type stands for its expression, a value of
 * the same type: its members read the variable it names as it is now.
 * Inlines of pointer type take 0; an integer inline of a narrower type
 * keeps the value converted.
 */
#pragma D option quiet

struct pair {
	int p_a;
	char p_b;
};
union word {
	int w_i;
	char w_c;
};

struct pair cur;
union word uw;
inline struct pair snap = cur;
inline union word uws = uw;
inline int *nowhere = 0;
inline char low = 0x141;

BEGIN
{
	cur.p_a = 7;
	cur.p_b = 'z';
	uw.w_i = 0x41;
	printf("%d %c %c\n", snap.p_a, snap.p_b, uws.w_c);
	cur.p_a = 8;
	printf("%d %d %d\n", snap.p_a, nowhere == 0, low);
	exit(0);
}
