#pragma D option quiet
/* enum declarations: enumerator values (implicit, explicit, negative, constant expressions), enum types, typedefs of D types. */
enum color { RED, GREEN = 5, BLUE, NEG = -3, AFTER };
typedef enum color color_t;
typedef unsigned short port_t;
typedef enum { LOW = 1 << 2, HIGH = LOW * 4 } level_t;
typedef long long big_t;
color_t c;
port_t p;
enum color e2;
BEGIN
{
	c = BLUE;
	p = 70000;
	e2 = AFTER;
	printf("%d %d %d %d %d\n", RED, GREEN, BLUE, NEG, AFTER);
	printf("%d %d %d %d\n", c, p, e2, HIGH);
	printf("%d %d %d %d %d\n", sizeof (color_t), sizeof (port_t), sizeof (enum color), sizeof (level_t), sizeof (big_t));
	x = (port_t)-1;
	printf("%d %d\n", x, (color_t)GREEN + 1);
	exit(0);
}
