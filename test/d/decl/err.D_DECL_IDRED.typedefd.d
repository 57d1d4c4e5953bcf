/* D's own typedefs (int32_t, uintptr_t, ...) cannot be declared again. */
typedef int int32_t;
