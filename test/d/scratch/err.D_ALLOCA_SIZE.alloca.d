/* a constant size over scratchsize (256) does not compile */
BEGIN { this->a = alloca(257); }
