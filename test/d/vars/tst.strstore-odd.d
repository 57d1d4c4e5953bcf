/* @args: -xstrsize=37 */
#pragma D option quiet
/*
 * A string literal, a string variable and a subroutine's result stored
 * into a variable of every class: global, this->, self->, an
 * associative array element and a thread-local one, read back whole;
 * here with a strsize whose buffers (38 bytes) are not whole words.
 */
BEGIN
{
	g = "global";
	this->l = "local";
	self->t = "thread";
	a[1] = "element";
	a[2] = g;
	self->e["k"] = strjoin("thread ", "element");
	printf("%s|%s|%s|%s|%s|%s\n", g, this->l, self->t, a[1], a[2],
	    self->e["k"]);
	exit(0);
}
