"""Rooms and seats, independent of any page (see ``service``), and their tables (``models``)."""
