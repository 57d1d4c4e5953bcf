/* a void parameter is unnamed */
extern int g(void arg);
BEGIN { }
