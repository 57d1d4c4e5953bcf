/* copyoutstr( ) writes user memory: a destructive action, so not after speculate( ) */
#pragma D option destructive
syscall::write:entry { s = speculation(); speculate(s); copyoutstr("a", arg1, 2); }
