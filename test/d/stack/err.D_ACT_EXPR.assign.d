BEGIN { x = stack(); }
