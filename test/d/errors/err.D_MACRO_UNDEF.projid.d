/* Linux has no projects: $projid is undefined, as in DTrace for Linux. */
BEGIN { trace($projid); }
