#pragma D option quiet
/* llquantize with a low magnitude above 0: the bucket below it is
   "abs() < X", magnitudes split at multiples of the step width; -5000
   in the mirror of 5000's bucket, "-4000". */
BEGIN
{
	@ = llquantize(1500, 10, 3, 5, 5);
	@ = llquantize(2500, 10, 3, 5, 5);
	@ = llquantize(-5000, 10, 3, 5, 5);
	@ = llquantize(10, 10, 3, 5, 5);
	exit(0);
}
