"""Reflex states: thin wrappers that call rooms/ and engine/."""
