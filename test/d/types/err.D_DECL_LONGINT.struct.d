/* long goes with integers only */
BEGIN { x = (long struct task_struct *)0; }
