/* "attributes" takes the attributes and the name they apply to. */
#pragma D attributes Stable/Stable/Common
BEGIN { exit(0); }
