"""Gin Rummy: a two-player card game (engine, bots, and the pygame app)."""
