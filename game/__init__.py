"""Gin Rummy: a card game for two on one screen.

``game.engine`` (the rules as a state machine) and ``game.bots`` (the computer players) are pure Python and
usable as a library without pygame; ``game.app`` is the pygame program. See ``docs/library.md``.
"""
__version__ = "1.2.0"
