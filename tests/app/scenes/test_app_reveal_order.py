"""The reveal samples: every frame from the move that ends a hand to the end of the showdown, at the
normal animation speed, for a knock, a gin, an undercut and a big gin, by the player, the computer and in
hot-seat.

Each frame's text is caught as it is drawn.  The scoreboard must show the old totals until the points
line is out and then only move towards the new ones (it changes once, never back); a row's label may
show a deadwood count only once that count is final for the stage the cards are at.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from game.app.animation.showdown import POINTS, scores_before
from game.app.lang import text
from game.app.matches.match import Match, MatchSetup
from game.app.pictures.screenshots import picture_app
from game.app.pictures.staging import plain_move
from game.app.program.app import App
from game.app.scenes.overlays import CurtainScene
from game.app.scenes.play import PlayScene
from game.app.scenes.result import ResultScene
from game.engine import BigGin, Knock, MatchState, Phase, preset
from game.engine.cards import Card

pytestmark = pytest.mark.usefixtures("close_apps")

ENDING = (Knock, BigGin)


@dataclass
class Frame:
    scene: str
    scores: list[int] = field(default_factory=list)  # the numbers the scoreboard's rows show
    labels: list[str] = field(default_factory=list)  # the showdown's row labels
    points_out: bool = False  # the result's points line has been shown


def _caller() -> str:
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__") in ("game.app.lang.text", __name__):
        frame = frame.f_back
    return "" if frame is None else frame.f_code.co_name


def _before_the_end(mode: str, kind: str, knocker: int, app: App) -> tuple[Match, object]:
    """A seeded match one move from ending its first hand in ``kind`` by ``knocker``, and that move."""
    if kind == "big_gin":
        hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "AH 3H 5H 7H 9H JH KD 2C 4C 6C"]
        if knocker == 1:
            hands.reverse()
        held = {c for h in hands for c in h.split()}
        rest = [c for c in (Card(i) for i in range(52)) if str(c) not in held]
        state = MatchState.from_position(preset("van"), hands, stock=rest[1:], discard=rest[:1], dealer=1 - knocker,
                                         phase=Phase.DISCARD, to_act=knocker, seed=3)
        setup = MatchSetup(mode, preset("van"), 3, level="medium", names=("Ava", "Ben"))  # type: ignore[arg-type]
        return Match(setup, app.bots, resume=state), BigGin()
    for seed in range(1, 400):
        setup = MatchSetup(mode, preset("van"), seed, level="medium", names=("Ava", "Ben"))  # type: ignore[arg-type]
        probe = Match(setup, app.bots)
        moves = []
        while probe.state.phase in (Phase.UPCARD_OFFER, Phase.DRAW, Phase.DISCARD):
            st = probe.state
            move = plain_move(st, st.to_act == knocker)
            moves.append(move)
            probe.apply(move, st.to_act)
        r = probe.state.last_result
        if r is None or r.kind != kind or r.knocker != knocker or (kind == "knock" and not r.layoffs):
            continue
        match = Match(setup, app.bots)
        for move in moves[:-1]:
            match.apply(move, match.state.to_act)
        return match, moves[-1]
    raise AssertionError(f"no seed ends in {kind} by seat {knocker}")


def _sample(app: App, match: Match, move, limit: int = 1200) -> Iterator[Frame]:
    """Ends the hand with ``move`` through the play scene and yields what each frame showed."""
    app.nav.match = match
    app.nav.begin_play(match)
    play = app.top
    assert isinstance(play, PlayScene)
    seat = match.state.to_act
    app.table.speed = 1.0  # the computer waits before it moves: the move below is made first
    app.frame(1 / 60, present=False)
    if isinstance(app.top, CurtainScene):  # hot-seat: the player at the screen looks
        app.top.reveal()
        app.frame(1 / 60, present=False)
    assert app.top is play and play.viewer == (0 if match.vs_bot else seat)
    caught: list[tuple[str, str]] = []
    real = text.draw

    def draw(surface, line, *args, **kwargs):
        caught.append((_caller(), text.shown(line, bool(kwargs.get("literal")))))
        return real(surface, line, *args, **kwargs)

    text.draw = draw  # type: ignore[assignment]
    try:
        if match.is_bot(seat):
            play.after(match.apply(move, seat), seat)  # what the computer's turn does with its move
        else:
            assert play.human_action(move)
        for _ in range(limit):
            caught.clear()
            app.frame(1 / 60, present=False)
            top = app.top
            shot = Frame(type(top).__name__)
            shot.scores = [int(_digits(s)) for who, s in caught if who == "draw_scoreboard" and _digits(s).isdigit()]
            shot.labels = [s for who, s in caught if who == "draw_row_labels"]
            if isinstance(top, ResultScene):
                shot.points_out = POINTS in top.showdown.log
            yield shot
            if isinstance(top, ResultScene) and top.finished:
                return
        raise AssertionError("the showdown never finished")
    finally:
        text.draw = real  # type: ignore[assignment]


_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")


def _digits(s: str) -> str:
    return s.translate(_DIGITS).strip()


def _numbers(s: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", _digits(s))]


CASES = [
    ("bot", "knock", 0), ("bot", "knock", 1), ("bot", "gin", 0), ("bot", "gin", 1), ("bot", "undercut", 0),
    ("bot", "undercut", 1), ("bot", "big_gin", 0), ("bot", "big_gin", 1), ("hotseat", "knock", 0),
    ("hotseat", "gin", 1), ("hotseat", "big_gin", 0),
]


@pytest.mark.slow
@pytest.mark.parametrize("mode, kind, knocker", CASES, ids=[f"{m}-{k}-seat{s}" for m, k, s in CASES])
def test_the_reveal_shows_each_number_only_at_its_moment(mode, kind, knocker):
    app = picture_app((1280, 720), "en")
    try:
        match, move = _before_the_end(mode, kind, knocker, app)
        before = tuple(match.state.scores)
        shots = list(_sample(app, match, move))
    finally:
        app.close()
    st = match.state
    r = st.last_result
    assert r is not None and r.kind == kind
    assert tuple(scores_before(st.scores, r)) == before
    old, new = set(before), set(st.scores)
    problems: list[str] = []
    # the scoreboard: the old totals, then (after the points line) towards the new ones, never back
    seen_new = False
    for i, shot in enumerate(shots):
        if not shot.scores:
            continue
        fresh = [n for n in shot.scores if n not in old]
        if fresh and not shot.points_out:
            problems.append(f"frame {i} ({shot.scene}): the scoreboard shows {fresh} before the points line")
        if seen_new and not fresh and set(shot.scores) != new:
            problems.append(f"frame {i} ({shot.scene}): the scoreboard goes back to {shot.scores}")
        seen_new = seen_new or bool(fresh)
    # the labels: a deadwood count only once it is final for its stage
    values = {r.knocker_deadwood, r.defender_deadwood}
    left = r.defender_deadwood + sum(c.value for c, _ in r.layoffs)
    values.add(left)
    for c, _ in r.layoffs:
        left -= c.value
        values.add(left)
    for i, shot in enumerate(shots):
        for label in shot.labels:
            wrong = [n for n in _numbers(label) if n not in values]
            if wrong:
                problems.append(f"frame {i}: the label {label!r} shows {wrong}, a count not yet final")
    assert shots[-1].scores and set(shots[-1].scores) >= new - old
    assert not problems, f"{len(problems)} frames wrong, the first:\n" + "\n".join(problems[:12])
