BEGIN { x = count(); }
