"""Pages: landing (create/join), table view, phone view, per game."""
