BEGIN { self->r = curthread->signal->rlim[7]; self->r.rlim_cur = 1; }
