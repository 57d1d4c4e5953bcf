/* copyin() takes an address and a size */
BEGIN { trace(*(int *)copyin(0)); }
