/* self->a declared with one key component, then with two */
self int a[int];
self int a[int, int];
