/* beyond the kernel's pid_max: no such process can exist */
pid99999999:::entry
{
}
