/*
 * The first clause compiled fixes the room for this-> variables (1 KB
 * here): a struct of 3 KB that a later clause copies no longer fits.
 */
struct big3 {
	char c[3000];
};

struct big3 g;

BEGIN { this->a = 1; }
BEGIN { this->s = g; }
