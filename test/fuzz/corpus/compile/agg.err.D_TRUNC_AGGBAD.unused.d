BEGIN { trunc(@nothing); }
