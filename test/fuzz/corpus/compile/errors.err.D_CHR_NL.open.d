BEGIN { x = 'a;
}
