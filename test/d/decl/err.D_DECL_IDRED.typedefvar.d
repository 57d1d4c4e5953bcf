/* A typedef may not take the name of a global variable. */
int counter_t;
typedef int counter_t;
