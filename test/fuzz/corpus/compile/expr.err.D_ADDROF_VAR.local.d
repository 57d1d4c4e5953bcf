BEGIN { this->x = 1; trace(&this->x); }
