/* only integers and pointers in memory can be written, not a struct */
BEGIN { this->p = (struct __kernel_timespec *)alloca(16); *this->p = 0; }
