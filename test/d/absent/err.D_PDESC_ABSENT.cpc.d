/* cpc needs hardware performance counters: refused, with why */
cpc:::PAPI_tot_ins-all-10000
{
	@ = count();
}
