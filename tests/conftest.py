"""Shared pytest fixtures for the Table Games test suite."""
