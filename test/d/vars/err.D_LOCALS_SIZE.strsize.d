#pragma D option strsize=4096
/*
 * A string this-> variable takes strsize bytes: three take 12 KB, more
 * than the 8 KB this-> variables may have.
 */
BEGIN { this->s = "a"; this->t = "b"; this->u = "c"; }
