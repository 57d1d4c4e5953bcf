/* kernel variables are typed from BTF, not declared */
extern int hz;
BEGIN { }
