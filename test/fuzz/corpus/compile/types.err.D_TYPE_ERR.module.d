BEGIN { trace(sizeof (struct ext4`inode)); }
