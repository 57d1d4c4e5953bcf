/* a struct larger than a variable holds */
BEGIN { this->t = *curthread; }
