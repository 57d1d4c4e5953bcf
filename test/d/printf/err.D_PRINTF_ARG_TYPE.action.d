/* a value to format cannot be an action */
BEGIN { printf("%d\n", trace(2)); }
