/* signed goes with integers only */
signed union u { int a; };
BEGIN { }
