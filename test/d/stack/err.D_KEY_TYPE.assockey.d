/* a stack is of dynamic type: no associative array key (an
   aggregation key may be one) */
BEGIN { a[stack()] = 1; }
