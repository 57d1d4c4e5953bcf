/*
 * A #pragma in the middle of an inline declaration is taken as a pragma,
 * not as a token of the declaration: its bad attributes are D_PRAGMA_INVAL.
 */
inline int bar =
#pragma D attributes Shaky/Evolving/Common bar
    3;
BEGIN { exit(0); }
