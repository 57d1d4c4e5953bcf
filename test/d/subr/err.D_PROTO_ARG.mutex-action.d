/* an action given to a function of a prototype (mutex_type_adaptive( )) */
BEGIN { mutex_type_adaptive(trace("badarg")); }
