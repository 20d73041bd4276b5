"""Situations of the tour that only a request or some rules show: a sealed hand's deal details with the
export folder dialog (opened on a staged folder, the same on every run), the first upcard turned out of
play (the classic offer, both players passing) and a Hollywood match's score sheet with its legend."""
from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from game.app.matches.match import Match, MatchSetup
from game.app.pictures.staging import play_hands
from game.app.program.app import App
from game.app.scenes.deal import DealScene
from game.app.scenes.deal_details import DealDetailsScene
from game.app.scenes.play import PlayScene
from game.app.scenes.result import ResultScene
from game.engine import PassUpcard, Phase, preset

FOLDERS = ("Documents", "Downloads", "Music", "Pictures", ".cache")  # the staged folder's own folders


def staged_folder() -> Path:
    """A folder of a few folders (one hidden) and a file, where the export dialog opens in the pictures."""
    root = Path(tempfile.gettempdir()) / "gin-rummy-pictures" / "export"
    for name in FOLDERS:
        (root / name).mkdir(parents=True, exist_ok=True)
    (root / "notes.txt").write_text("not a folder\n", encoding="utf-8")
    return root


def _frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(1 / 60, present=False)


def rare_tour(app: App, wait_human: Callable[[App], None]) -> Iterator[str]:
    """From the result of a sealed hand on top: its details and their export dialog, then the other tables."""
    result = app.top
    if isinstance(result, ResultScene):
        result.deal_details()
        _frames(app)
        details = app.top
        if isinstance(details, DealDetailsScene):
            yield "deal_details"
            app.apply_settings(app.settings.with_(export_folder=str(staged_folder())))
            details.ask_export()
            _frames(app)
            yield "deal_export_dialog"
            details.close()
    yield from _out_of_play(app, wait_human)
    yield from _hollywood_sheet(app, wait_human)


def _out_of_play(app: App, wait_human: Callable[[App], None]) -> Iterator[str]:
    app.nav.start_match(MatchSetup("bot", preset("classic", 100), 1, level="easy"))
    app.scenes.clear_toast()
    if isinstance(app.top, DealScene):
        app.top.finish()
    wait_human(app)
    play = app.top
    if not isinstance(play, PlayScene):
        return
    while play.state.phase is Phase.UPCARD_OFFER and play.human_turn():
        play.human_action(PassUpcard())
        wait_human(app)
    if play.state.out_of_play:
        _frames(app, 4)
        yield "play_out_of_play"


def _hollywood_sheet(app: App, wait_human: Callable[[App], None]) -> Iterator[str]:
    match = Match(MatchSetup("bot", preset("hollywood"), 5, level="easy"), app.bots)
    play_hands(match, 3)
    app.nav.match = match
    app.nav.begin_play(match)
    wait_human(app)
    play = app.top
    if isinstance(play, PlayScene):
        play.controls.open_view("scores")
        _frames(app)
        yield "view_scores_hollywood"
        app.pop()
