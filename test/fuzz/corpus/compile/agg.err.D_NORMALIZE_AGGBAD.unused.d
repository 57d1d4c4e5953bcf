BEGIN { normalize(@nothing, 2); }
