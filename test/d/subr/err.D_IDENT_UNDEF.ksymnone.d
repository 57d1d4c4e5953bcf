/* &`name with no such kernel function is refused: `name is no variable */
BEGIN { printf("%a", &`no_such_kernel_function_xyz); }
