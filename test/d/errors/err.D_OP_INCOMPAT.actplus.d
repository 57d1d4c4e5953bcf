/* an action is no operand of +: its void fails DTrace's check of the
   operands' types */
BEGIN { x = 1 + trace(1); }
