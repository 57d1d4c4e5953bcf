/* A variable is thread-local or clause-local, not both. */
self this int both;
