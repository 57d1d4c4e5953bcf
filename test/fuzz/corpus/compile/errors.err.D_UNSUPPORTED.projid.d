/* Linux has no projects: $projid is refused, not made up. */
BEGIN { trace($projid); }
