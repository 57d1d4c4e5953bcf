BEGIN { trace(printf); }
