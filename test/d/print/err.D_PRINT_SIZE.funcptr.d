/* print() of a function pointer: a function has no size to show */
BEGIN { print(((struct file_operations *)alloca(256))->read); }
