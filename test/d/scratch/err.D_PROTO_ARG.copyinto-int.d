/* copyinto()'s destination is a pointer into scratch space, not an
   integer. */
syscall::write:entry
{
	copyinto(arg1, 4, 3);
}
