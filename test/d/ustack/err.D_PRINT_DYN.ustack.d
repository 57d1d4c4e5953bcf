/* ustack() has a value only as a key */
BEGIN { print(ustack()); }
