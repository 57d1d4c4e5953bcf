enum e { A }; enum f { B, A };
