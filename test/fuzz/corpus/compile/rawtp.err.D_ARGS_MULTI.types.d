/* args[1] is a pid_t on sched_process_exec, a task on sched_process_fork */
rawtp:sched::sched_process_exec,
rawtp:sched::sched_process_fork
{
	trace(args[1]);
}
