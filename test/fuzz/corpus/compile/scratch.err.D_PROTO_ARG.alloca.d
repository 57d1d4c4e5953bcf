/* alloca()'s size is an integer */
BEGIN { this->p = alloca("eight"); }
