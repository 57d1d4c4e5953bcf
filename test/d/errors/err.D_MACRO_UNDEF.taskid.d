/* Linux has no tasks: $taskid is undefined, as in DTrace for Linux. */
BEGIN { trace($taskid); }
