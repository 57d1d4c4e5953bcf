/* bcopy() is an action: it has no value */
BEGIN { this->p = alloca(8); x = bcopy(curthread, this->p, 8); }
