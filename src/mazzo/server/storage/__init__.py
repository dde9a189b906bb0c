"""Storage backends behind one interface (:mod:`.base`): SQLite (default) and PostgreSQL."""
