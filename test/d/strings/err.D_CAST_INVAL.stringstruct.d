/* Only a scalar (an integer or a pointer) or a string becomes a string. */
BEGIN { trace((string)*curthread); }
