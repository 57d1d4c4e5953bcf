/*
 * The first clause compiled fixes the room for this-> variables (1 KB
 * here): a struct of 3 KB that a later clause copies no longer fits.
 */
BEGIN { this->a = 1; }
BEGIN { this->t = *curthread; }
