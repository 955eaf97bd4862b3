"""Tests of the message catalogs (tablegames/i18n)."""
