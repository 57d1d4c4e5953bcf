/* a macro argument number past any int */
BEGIN { trace($99999999999999999999999); }
