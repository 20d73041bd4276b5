"""The pygame application: ``run(argv)`` starts the game (``main.py`` calls it).

Its folders stand in layers, lowest first: a folder imports only folders before it in ``LAYERS``
(``tests/test_architecture.py`` holds every import to it, those inside functions too).
"""
from __future__ import annotations

LAYERS = (
    "config",     # where files live, the settings, the app's closed vocabularies
    "lang",       # translations, fonts and fitting, right-to-left text, the Jalali calendar
    "looks",      # card faces and backs, the felt, panels, the table's layout
    "animation",  # tweens, card sprites, the staged showdown, the celebrations
    "matches",    # one match in play: engine state, seats, the fair deal, a table of three or four
    "storage",    # the player's files: settings and the resumable match, locks, files set aside
    "records",    # statistics and the hand history, the recorder that fills them
    "stage",      # what the screens stand on: the scene contract, Host, Navigator, services, theme, sound
    "play",       # the play scene's parts: the model they read, the driver, input turned into intents
    "scenes",     # the screens and overlays
    "program",    # the window and loop, the scene stack, the way between screens, the match listeners
    "pictures",   # the picture tour (``--screenshots``) that drives the program through every scene
    "launch",     # the command line
)


def run(argv: list[str] | None = None) -> int:
    from game.app.launch.main import main

    return main(argv)
