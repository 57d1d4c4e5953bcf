#pragma D option strsize=4096
/*
 * A string key of unknown length takes strsize bytes: more than a key
 * may have (a literal or execname would be kept short).
 */
BEGIN { s = "key"; a[s] = 1; }
