/* an action as the condition of ?: */
BEGIN { x = exit(0) ? 1 : 2; }
