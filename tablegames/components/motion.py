"""Motion every game shares: the class names of ``assets/motion.css``.

Put a class on the element that appears and give it a React ``key`` that changes with what
it shows, so a new element mounts (and its animation plays) each time::

    uno_card(VM["top"], size="table", key=VM["top"], class_name=motion.PLAY)

An element that mounts anyway (a new card in a list, a tile on an empty square, a face
that replaces a card back) needs only the class. Every animation is off for people whose
device asks for less motion (``prefers-reduced-motion: reduce``): the stylesheet applies
them only under ``no-preference``.
"""

from __future__ import annotations

__all__ = ["PLAY", "DRAW", "PLACE", "FLIP", "REVEAL", "CLASSES", "STYLESHEET"]

PLAY = "tg-m-play"
"""A card played: it lands on the pile."""
DRAW = "tg-m-draw"
"""A card drawn: it slides into the hand."""
PLACE = "tg-m-place"
"""A tile placed: it drops onto the board."""
FLIP = "tg-m-flip"
"""A card turned face up: it flips."""
REVEAL = "tg-m-reveal"
"""A card revealed to everybody: it grows out of the deck."""

CLASSES = (PLAY, DRAW, PLACE, FLIP, REVEAL)
STYLESHEET = "/motion.css"
"""The stylesheet (``assets/motion.css``) the app loads."""
