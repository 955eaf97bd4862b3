"""Message catalogs (pt-BR and en at least)."""
