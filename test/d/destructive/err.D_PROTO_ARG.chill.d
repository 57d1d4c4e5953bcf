/* chill( ) takes an integer */
BEGIN { chill("a"); }
