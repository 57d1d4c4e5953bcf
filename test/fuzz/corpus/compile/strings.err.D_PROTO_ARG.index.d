BEGIN { x = "l"; trace(index("hello", x)); }
