/* strings and scratch space this large leave no room for records */
#pragma D option strsize=4096
#pragma D option scratchsize=8192
BEGIN { trace(1); }
