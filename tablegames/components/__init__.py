"""Reusable, stateless UI components: cards, tiles, board, hand, QR code."""
