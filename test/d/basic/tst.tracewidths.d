/*
 * trace() of an integer in DTrace's default format: a space, then the
 * value right-aligned in a field of its size's width: 3 for 1 byte, 5
 * for 2, 10 for 4, 19 for a signed 8-byte value and 20 for an unsigned
 * one (the reference run trace-widths of DTrace for Linux); a string
 * left-aligned in 33 after two spaces.
 */
BEGIN { trace((int8_t)-1); }
BEGIN { trace((int16_t)-1); }
BEGIN { trace((int32_t)-1); }
BEGIN { trace((int64_t)-1); }
BEGIN { trace((uint8_t)255); }
BEGIN { trace((uint64_t)-1); }
BEGIN { trace(0); }
BEGIN { trace((int64_t)-9223372036854775807 - 1); }
BEGIN { trace("str"); exit(0); }
