#pragma D option strsize=4096
/* A string key takes strsize bytes: more than a key may have. */
BEGIN { a["key"] = 1; }
