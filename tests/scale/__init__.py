"""Scale-out tests: several backend workers sharing Redis and PostgreSQL."""
