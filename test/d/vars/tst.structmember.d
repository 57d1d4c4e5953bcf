#pragma D option quiet
/*
 * A struct member of a struct variable takes a whole struct value of its
 * type, from a variable or from another member, global or this->.
 */
struct pt {
	int x, y;
};
struct seg {
	struct pt a;
	struct pt b;
	int id;
};
struct seg S;
this struct seg t;
struct pt P;

BEGIN
{
	P.x = 1;
	P.y = 2;
	S.a = P;
	S.b = S.a;
	S.b.y = 7;
	S.id = 9;
	this->t.a = S.b;
	this->t.b = P;
	printf("%d %d %d %d %d\n", S.a.x, S.a.y, S.b.x, S.b.y, S.id);
	printf("%d %d %d %d\n", this->t.a.x, this->t.a.y, this->t.b.x,
	    this->t.b.y);
	exit(0);
}
