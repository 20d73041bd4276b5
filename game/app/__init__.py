"""The pygame application: ``run(argv)`` starts the game (``main.py`` calls it)."""
from __future__ import annotations


def run(argv: list[str] | None = None) -> int:
    from game.app.shell.main import main

    return main(argv)
