/* in_execve is a bit-field of struct task_struct. */
BEGIN { trace(offsetof(struct task_struct, in_execve)); }
