/* copyinstr( )'s constant maximum is at most scratchsize too */
#pragma D option scratchsize=64
BEGIN { trace(copyinstr(0, 65)); }
