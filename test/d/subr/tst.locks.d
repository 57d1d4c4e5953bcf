/*
 * The subroutines on Linux's locks, on a struct mutex and a rwlock_t
 * made in scratch space, their words set by hand: a mutex's owner is the
 * owning task with flags in its low bits (mutex_owned() is whether that
 * is the current thread); a queued rwlock counts readers from bit 9,
 * 0x100 is a writer waiting and 0xff a writer holding it.  Then a real
 * mutex that is free.  Held locks are tested where fbt can catch them
 * (test/qemu/d/fbt/tst.locks.sh).
 */
#pragma D option quiet

BEGIN
{
	this->m = (struct mutex *)alloca(sizeof (struct mutex));
	this->m->owner.counter = 0;
	printf("free: owned %d, no owner %d, adaptive %d, spin %d\n",
	    mutex_owned(this->m), mutex_owner(this->m) == NULL,
	    mutex_type_adaptive(this->m), mutex_type_spin(this->m));
	this->m->owner.counter = (long)curthread | 1;
	printf("mine: owned %d, owner me %d\n", mutex_owned(this->m),
	    mutex_owner(this->m) == curthread);
	this->m->owner.counter = (long)curthread->real_parent;
	printf("another's: owned %d, owner it %d\n", mutex_owned(this->m),
	    mutex_owner(this->m) == curthread->real_parent);

	this->l = (rwlock_t *)alloca(sizeof (rwlock_t));
	this->l->raw_lock.cnts.counter = 0;
	printf("rw free: read %d, write %d, writer %d\n", rw_read_held(this->l),
	    rw_write_held(this->l), rw_iswriter(this->l));
	this->l->raw_lock.cnts.counter = 3 << 9;
	printf("rw 3 readers: read %d, write %d, writer %d\n",
	    rw_read_held(this->l), rw_write_held(this->l),
	    rw_iswriter(this->l));
	this->l->raw_lock.cnts.counter = (2 << 9) | 0x100;
	printf("rw 2 readers, a writer waiting: read %d, write %d, writer %d\n",
	    rw_read_held(this->l), rw_write_held(this->l),
	    rw_iswriter(this->l));
	this->l->raw_lock.cnts.counter = 0xff;
	printf("rw a writer: read %d, write %d, writer %d\n",
	    rw_read_held(this->l), rw_write_held(this->l),
	    rw_iswriter(this->l));

	printf("cred_guard_mutex: owned %d\n",
	    mutex_owned(&curthread->signal->cred_guard_mutex));
	exit(0);
}
