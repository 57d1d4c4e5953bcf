/* ?: of a pointer and an integer other than 0 */
BEGIN { x = arg0 ? curthread : 1; }
