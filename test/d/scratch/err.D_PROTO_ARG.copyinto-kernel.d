/* copyinto() writes only scratch space: its destination must be a
   pointer from alloca() (or copyin()), not a kernel address. */
syscall::write:entry
{
	copyinto(arg1, 4, (void *)curthread);
}
