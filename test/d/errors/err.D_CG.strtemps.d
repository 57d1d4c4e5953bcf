/* More string values at once than a statement has temporaries for (16). */
BEGIN
{
	trace(strjoin("a", strjoin("b", strjoin("c", strjoin("d",
	    strjoin("e", strjoin("f", strjoin("g", strjoin("h",
	    strjoin("i", strjoin("j", strjoin("k", strjoin("l",
	    strjoin("m", strjoin("n", strjoin("o", strjoin("p",
	    strjoin("q", "r"))))))))))))))))));
}
