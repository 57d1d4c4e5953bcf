BEGIN { printa(@nothing); }
