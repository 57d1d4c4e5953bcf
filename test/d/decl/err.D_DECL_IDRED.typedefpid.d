/* pid_t is one of D's own typedefs, as int32_t is: not declared again. */
typedef int pid_t;
