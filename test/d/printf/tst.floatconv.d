#pragma D option quiet
/*
 * printf's %e %E %f %g %G of float, double and long double values, with
 * flags, widths and precisions (written and taken from '*' arguments):
 * each converted as C's printf(3) converts it.  D has no floating-point
 * constants, so the values are made from their bits in scratch memory:
 *   1.5 0x3ff8000000000000, -0.1 0xbfb999999999999a,
 *   1e100 0x54b249ad2594c37d, -0.0 0x8000000000000000,
 *   123456789.125 0x419d6f3454800000, 1e-5 0x3ee4f8b588e368f1,
 *   +inf 0x7ff0000000000000, NaN 0x7ff8000000000000;
 *   float 0.1f 0x3dcccccd, -3.14159265f 0xc0490fdb, 1e10f 0x501502f9;
 *   long double 1/3 (mantissa 0xaaaaaaaaaaaaaaab, sign and exponent
 *   0x3ffd), -12345.678 (0xc0e6b645a1cac083, 0xc00c).
 */
BEGIN
{
	this->d = (uint64_t *)alloca(8 * 8);
	this->d[0] = 0x3ff8000000000000;
	this->d[1] = 0xbfb999999999999a;
	this->d[2] = 0x54b249ad2594c37d;
	this->d[3] = 0x8000000000000000;
	this->d[4] = 0x419d6f3454800000;
	this->d[5] = 0x3ee4f8b588e368f1;
	this->d[6] = 0x7ff0000000000000;
	this->d[7] = 0x7ff8000000000000;
	this->f = (uint32_t *)alloca(3 * 4);
	this->f[0] = 0x3dcccccd;
	this->f[1] = 0xc0490fdb;
	this->f[2] = 0x501502f9;
	this->l = (uint64_t *)alloca(4 * 8);
	this->l[0] = 0xaaaaaaaaaaaaaaab;
	this->l[1] = 0x3ffd;
	this->l[2] = 0xc0e6b645a1cac083;
	this->l[3] = 0xc00c;
	this->dp = (double *)this->d;
	this->fp = (float *)this->f;
	this->lp = (long double *)this->l;

	printf("[%e] [%E] [%f] [%g] [%G]\n", this->dp[0], this->dp[0],
	    this->dp[0], this->dp[0], this->dp[0]);
	printf("[%e] [%f] [%g] [%.3e] [%.10f]\n", this->dp[1], this->dp[1],
	    this->dp[1], this->dp[1], this->dp[1]);
	printf("[%e] [%E] [%g] [%G] [%.0e]\n", this->dp[2], this->dp[2],
	    this->dp[2], this->dp[2], this->dp[2]);
	printf("[%e] [%f] [%g] [%+f] [% f]\n", this->dp[3], this->dp[3],
	    this->dp[3], this->dp[3], this->dp[3]);
	printf("[%f] [%.2f] [%g] [%.12g] [%'.3f]\n", this->dp[4], this->dp[4],
	    this->dp[4], this->dp[4], this->dp[4]);
	printf("[%g] [%G] [%f] [%e] [%#g]\n", this->dp[5], this->dp[5],
	    this->dp[5], this->dp[5], this->dp[5]);
	printf("[%f] [%E] [%g] [%-6f|] [%6G]\n", this->dp[6], this->dp[6],
	    this->dp[6], this->dp[6], this->dp[6]);
	printf("[%f] [%E] [%g] [%+e]\n", this->dp[7], this->dp[7], this->dp[7],
	    this->dp[7]);
	printf("[%10.3f] [%-12.2e|] [%+g] [% g] [%010.2f] [%#.0f] [%.0f]\n",
	    this->dp[0], this->dp[0], this->dp[0], this->dp[0], this->dp[1],
	    this->dp[0], this->dp[0]);
	printf("[%*.*f] [%-*e|] [%.*g] [%*G]\n", 12, 4, this->dp[0], 16,
	    this->dp[1], 3, this->dp[4], -9, this->dp[5]);
	printf("[%f] [%e] [%g] [%.9g]\n", this->fp[0], this->fp[0],
	    this->fp[0], this->fp[0]);
	printf("[%f] [%E] [%G] [%8.3f]\n", this->fp[1], this->fp[1],
	    this->fp[1], this->fp[1]);
	printf("[%f] [%e] [%g]\n", this->fp[2], this->fp[2], this->fp[2]);
	printf("[%Lf] [%Le] [%Lg] [%.20Lf] [%G]\n", this->lp[0],
	    this->lp[0], this->lp[0], this->lp[0], this->lp[0]);
	printf("[%f] [%E] [%.10g] [%+15.4f]\n", this->lp[1], this->lp[1],
	    this->lp[1], this->lp[1]);
	printf("%d %g %s %f %x\n", 7, this->dp[0], "mixed", this->fp[0], 255);
	exit(0);
}
