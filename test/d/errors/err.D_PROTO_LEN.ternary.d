/* both operands of ?: are checked before an action among them is refused */
BEGIN { x = 1 ? trace(1) : exit(); }
