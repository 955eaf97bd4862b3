"""One folder per game for its screens (see the registry)."""
