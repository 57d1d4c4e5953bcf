/* bcopy( ) has three arguments, checked before the action is refused
   as an operand of trace( ) */
BEGIN { trace(bcopy(0, 0)); }
