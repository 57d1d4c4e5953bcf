/* An associative array's key components have types that hold values:
   void is refused where the array is declared, used or not. */
int counts[int, void];
