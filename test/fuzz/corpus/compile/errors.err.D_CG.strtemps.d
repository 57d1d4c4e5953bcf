/* More string values at once than a statement has temporaries for. */
BEGIN
{
	trace(execname == "a" && execname == "b" && execname == "c" &&
	    execname == "d" && execname == "e" && execname == "f" &&
	    execname == "g" && execname == "h" && execname == "i");
}
