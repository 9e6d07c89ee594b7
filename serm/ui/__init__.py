"""Interaction logic between the player and the engine; pure Python, no DOM."""
