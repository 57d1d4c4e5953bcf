enum e { pid };
