#pragma D option strsize=4096
/* A string this-> variable takes strsize bytes: more than a clause has. */
BEGIN { this->s = "a"; }
