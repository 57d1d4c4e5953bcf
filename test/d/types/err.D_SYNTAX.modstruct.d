/* a struct defined in D has no module */
struct vmlinux`mine { int a; };
BEGIN { }
