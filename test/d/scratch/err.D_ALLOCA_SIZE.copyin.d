/* copyin( ) takes scratch space: its constant size is at most scratchsize */
#pragma D option scratchsize=64
BEGIN { this->a = copyin(0, 65); }
