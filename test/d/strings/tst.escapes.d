#pragma D option quiet
/*
 * Escapes as DTrace reads them: \\ \" \a \b \f \n \r \t \v, octal and \x
 * are escapes; after any other character (\? \' \q) the backslash stays,
 * in strings and in character constants, where it counts as a character.
 */
BEGIN
{
	printf("[%s]\n", "tab\there \"quoted\"");
	printf("[%s]\n", "keep \\q and \? and \' and \z");
	printf("%d %d %d %d\n", 'A', '\?', '\'', 'x\w');
	printf("%d %d %d\n", '\x41', '\101', '\\');
	exit(0);
}
