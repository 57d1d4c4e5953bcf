BEGIN { this->a[1] = 5; }
