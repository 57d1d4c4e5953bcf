nosuchprovider:::nosuchprobe { }
