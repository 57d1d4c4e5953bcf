/* pidabc is no pid provider (pid followed by a process id): it matches nothing */
pidabc:::entry
{
}
