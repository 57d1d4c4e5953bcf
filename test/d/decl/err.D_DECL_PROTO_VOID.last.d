/* void is the only parameter or none */
extern int k(long n, void);
BEGIN { }
