typedef vmlinux`no_such_type_here t;
BEGIN { exit(0); }
