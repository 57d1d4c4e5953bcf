/* signed and unsigned go with integers only. */
unsigned double d;
