"""The way to the first lesson, a part of ``Flow``: from How to play, or offered once at a new player's first
start.  The lesson's match gets no listeners, so it is neither saved nor recorded: it is practice."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.app.lang.i18n import tr

if TYPE_CHECKING:
    from game.app.matches.match import Match
    from game.app.program.flow_tables import TableFlow
    from game.app.records.history_recorder import HistoryRecorder
    from game.app.stage.scene import Host


class Keeper(Protocol):
    """What the lesson changes of what outlives a scene (``Flow`` is one): the match, no recorder, no table."""

    match: Match | None
    recorder: HistoryRecorder | None
    tables: TableFlow


def show_lesson(host: Host, nav: Keeper) -> None:
    """The lesson's fixed hand on the play scene, the lesson over it."""
    from game.app.matches.lesson import lesson_match
    from game.app.scenes.lesson import LessonScene
    from game.app.scenes.play import PlayScene

    if not host.settings.lesson_done:
        host.apply_settings(host.settings.with_(lesson_done=True))
    nav.tables.leave()
    match = lesson_match(host.bots)
    nav.match = match
    nav.recorder = None
    host.nav.hand_view.order[:] = [[], []]
    host.table.reset()
    play = PlayScene(host, match)
    host.set_scene(play)
    host.push(LessonScene(host, play))


def offer_lesson(host: Host) -> None:
    """Over the menu at a new player's first start: the lesson, or not now (How to play keeps it)."""
    if not host.first_match_guide or host.settings.lesson_done:
        return
    from game.app.scenes.confirm import ConfirmScene

    host.apply_settings(host.settings.with_(lesson_done=True))  # offered once
    host.push(ConfirmScene(host, tr("lesson.offer"), "lesson.start", host.nav.show_lesson, no_key="lesson.not_now"))
