"""Tests of the per-game UI folders (view models) without a browser."""
