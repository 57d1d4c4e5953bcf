/* one storage class at most */
extern static int x;
BEGIN { }
