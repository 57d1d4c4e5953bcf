/* More string values at once than a statement has temporaries for (16). */
BEGIN
{
	trace(execname == "a" && execname == "b" && execname == "c" &&
	    execname == "d" && execname == "e" && execname == "f" &&
	    execname == "g" && execname == "h" && execname == "i" &&
	    execname == "j" && execname == "k" && execname == "l" &&
	    execname == "m" && execname == "n" && execname == "o" &&
	    execname == "p" && execname == "q" && execname == "r");
}
