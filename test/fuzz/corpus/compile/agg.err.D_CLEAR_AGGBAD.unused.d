BEGIN { clear(@nothing); }
