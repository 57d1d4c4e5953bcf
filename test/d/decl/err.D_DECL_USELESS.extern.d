/* extern with no name declares nothing */
extern long;
BEGIN { }
