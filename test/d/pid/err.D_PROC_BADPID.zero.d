/* pid0: process id 0 cannot be traced */
pid0:::entry
{
}
