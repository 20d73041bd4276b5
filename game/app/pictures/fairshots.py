"""Pictures of the deal a player can check: the cut with its details, the deal checked after the hand, the
longest deal line a result panel must hold."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.app.config.vocab import Language
from game.app.matches.fairdeal import cut_at
from game.app.matches.match import MatchSetup
from game.app.pictures.shooting import picture_app, run_until, save_picture
from game.app.pictures.staging import (
    play_to_end_of_hand,
)
from game.app.pictures.tour import frames, on_top, wait_human
from game.app.program.app import App
from game.app.scenes.cut import CutScene
from game.app.scenes.deal import DealScene
from game.app.scenes.deal_details import DealDetailsScene
from game.app.scenes.result import ResultScene
from game.engine import MatchSeal, preset

SEED = "words only I know"  # the seed the pictures type, the same each time


def render_fair_deal(out_dir: str | Path, size: tuple[int, int] = (1280, 720), language: Language = "en",
                     suffix: str = "") -> list[Path]:
    """The deal a player can check: the seal and the cut, the seal on the table, the tick after the hand."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    app = picture_app(size, language)

    def shot(name: str) -> None:
        saved.append(save_picture(app, out / f"{name}{suffix}.png"))

    try:
        # the deal a player can check: the seal and the cut, the seal on the table, the tick after the hand
        app.nav.fair = True
        app.nav.new_seal = lambda first: MatchSeal(bytes(range(32)), first_hand=first)
        app.nav.start_match(MatchSetup("bot", preset("van"), 9, level="medium"))
        on_top(app, CutScene).marker = 0.5  # it starts at a card chosen at random: the same picture each time
        on_top(app, CutScene).seed_text = SEED  # the seed is made fresh: the same picture each time
        frames(app)
        shot("21_cut")
        on_top(app, CutScene).toggle_details()
        frames(app)
        shot("21b_cut_details")
        on_top(app, CutScene).toggle_details()
        on_top(app, CutScene).do_cut(cut_at(0.3))
        frames(app, 4)
        if isinstance(app.top, DealScene):
            app.top.finish()
        wait_human(app)
        shot("22_seal_on_table")
        match = app.nav.match
        if match is not None:
            play_to_end_of_hand(match, knocker_wanted=0)
            app.nav.show_result(match, 0)
            frames(app, 4)
            shot("23_deal_checked")
            _deal_details(app, shot)
    finally:
        app.close()
    return saved + _longest_deal_line(out, size, language, suffix)


def _deal_details(app: App, shot: Callable[[str], None]) -> None:
    """The deal's details over the result, and the folder dialog of its export."""
    result = app.top
    if not isinstance(result, ResultScene):
        return
    result.deal_details()
    frames(app, 2)
    shot("25_deal_details")
    details = app.top
    if isinstance(details, DealDetailsScene):
        details.ask_export()
        frames(app, 2)
        shot("26_deal_export_dialog")
        details.close()


def _longest_deal_line(out: Path, size: tuple[int, int], language: Language, suffix: str) -> list[Path]:
    """The result of a hot-seat hand cut by a player with the longest name a name field takes."""
    app = picture_app(size, language)
    try:
        app.nav.fair = True
        app.nav.new_seal = lambda first: MatchSeal(bytes(range(32)), first_hand=first)
        app.nav.start_match(MatchSetup("hotseat", preset("van"), 9, names=("Wwwwwwwwwwwwwwww", "Mmmmmmmmmmmmmmmm")))
        frames(app)
        on_top(app, CutScene).seed_text = SEED
        on_top(app, CutScene).do_cut(cut_at(0.6))
        frames(app, 4)
        match = app.nav.match
        if match is None:
            return []
        play_to_end_of_hand(match, knocker_wanted=0)
        app.nav.show_result(match, None)
        run_until(app, lambda: isinstance(app.top, ResultScene) and app.top.finished)
        frames(app, 4)
        return [save_picture(app, out / f"24_deal_checked_named{suffix}.png")]
    finally:
        app.close()
