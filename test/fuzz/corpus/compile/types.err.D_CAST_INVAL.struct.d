BEGIN { trace((struct task_struct)arg0); }
