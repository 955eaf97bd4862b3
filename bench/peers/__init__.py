"""Peers that bench/load.py measures in the same run as the app (see bench/peers/peers.py)."""
