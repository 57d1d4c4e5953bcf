BEGIN { stack("frames"); }
