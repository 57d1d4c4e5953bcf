#pragma D option quiet
/*
 * A string comparison's operands are free once it is made: one statement
 * may make many comparisons of made strings (more than the eight string
 * temporaries a statement has at once), nested in ?: as DTrace's own
 * checks do, or joined by &&.
 */
BEGIN
{
	printf("%d\n", strjoin("a", "b") == "ab" && strjoin("a", "c") != "ab" &&
	    strjoin("a", "b") < strjoin("a", "c") &&
	    strjoin("b", "a") > strjoin("a", "b") &&
	    strjoin("x", "") <= "x" && strjoin("y", "") >= "x" &&
	    strjoin("p", "q") == strjoin("p", "q") &&
	    strjoin("abc", "\xfa") > strjoin("abc", "\x0a") &&
	    strjoin("m", "n") != strjoin("n", "m") &&
	    strjoin("", "") == "");
	trace(strjoin("a", "b") > strjoin("b", "a") ? 1 :
	    (strjoin("A", "b") > strjoin("b", "A") ? 2 :
	    (strjoin("a", "B") > strjoin("B", "a") ? 3 :
	    (strjoin("A", "B") > strjoin("B", "A") ? 4 :
	    (strjoin("aa", "b") > strjoin("b", "aa") ? 5 :
	    (strjoin("c", "a") > strjoin("a", "c") ? 6 : 0))))));
	printf("\n");
	exit(0);
}
