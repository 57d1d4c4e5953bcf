/* chill( ) is destructive: refused after speculate( ), before the reason it cannot run here */
#pragma D option destructive
BEGIN { s = speculation(); speculate(s); chill(100); }
