/* raise( ) after commit( ): DTrace counts every action but the speculation
   ones and aggregations as recording data */
#pragma D option destructive
BEGIN
{
	commit(1);
	raise(0);
}
