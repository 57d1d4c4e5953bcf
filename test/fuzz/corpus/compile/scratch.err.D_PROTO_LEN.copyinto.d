/* copyinto() takes an address, a size and a destination */
BEGIN { this->p = alloca(8); copyinto(0, 8); }
