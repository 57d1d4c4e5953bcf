/* More string values at once than a statement has temporaries for. */
BEGIN
{
	trace(strjoin("a", strjoin("b", strjoin("c", strjoin("d",
	    strjoin("e", strjoin("f", strjoin("g", strjoin("h",
	    strjoin("i", "j"))))))))));
}
