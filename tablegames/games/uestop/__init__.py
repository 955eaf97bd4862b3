"""The uestop screens, art and states (see tablegames/games/__init__.py)."""
