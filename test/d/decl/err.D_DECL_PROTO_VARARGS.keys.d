/* the keys of an associative array are fixed */
string names[...];
BEGIN { }
