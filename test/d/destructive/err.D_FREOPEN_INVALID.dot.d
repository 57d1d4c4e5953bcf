/* "." is a directory: freopen() cannot write there */
#pragma D option destructive
BEGIN { freopen("."); }
