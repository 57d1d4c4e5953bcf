/* pid is followed by a process id */
pidabc:::entry
{
}
