BEGIN { trace('ab'); }
