enum e { a`b };
