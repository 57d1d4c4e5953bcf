/* a member declared twice: DTrace tags it D_UNKNOWN (failed to define it) */
struct b { int x; long x; };
