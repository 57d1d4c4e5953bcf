/* a parameter cannot be an associative array */
extern int h(string s[int]);
BEGIN { }
