/*
 * dtprov: the provider of usdtprov (test/prog/usdtprov.c), declared in D.
 * The build makes its header with dtrace -h and its object with
 * dtrace -G (both with -C -I test/prog, for the types file).
 */
#include "usdtprov-types.d"

#pragma D attributes Evolving/Evolving/Common provider dtprov provider
#pragma D attributes Private/Private/Unknown provider dtprov module

provider dtprov {
	probe request__start(char *path, int n);
	probe request__done(struct req *r, int status) :
	    (reqinfo_t *r, int status);
	probe name(char *s) : (string s);
	probe swap(char *s, int n) : (int n, string s);
	probe sizes(unsigned char, short, long, unsigned long long);
	probe guarded(int k);
	probe tick();
	probe place(int i, int j) : (int j, int i, int i, int j);
	probe twice(int n);
};
