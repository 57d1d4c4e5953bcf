typedef int t; typedef long t;
