"""The two things that move the game without the player: the computer's turns and the turn clock.

The bot thinks on the host's one worker thread; its answer is applied here, on the main thread,
after a short pause so a person can follow.  The turn clock plays the engine's timer move when a
human's time runs out.  Both hand back the events of the move they made, for the scene's bookkeeping.

The clock is fair to a reader: it stands still while the play scene is covered (the rules, the log,
the score sheet, the discard pile, the pause menu: the scene below an overlay is not updated) and while
a hint is being worked out or shown.  A new player (fewer than ``NEW_PLAYER_MATCHES`` finished matches,
in the real game) gets ``GENTLE`` times the rules' seconds: 60 s instead of Van's 40.
"""
from __future__ import annotations

import logging
import math
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING

from game.app.matches.match import BOT_SEAT
from game.engine import Action, Event, Phase, TimerMove

from .model import PlayModel

if TYPE_CHECKING:
    from game.app.stage.scene import Host

log = logging.getLogger(__name__)

URGENT_SECONDS = 10.0  # the last seconds: the clock turns red, pulses and ticks
BOT_PAUSE = {"upcard": 0.9, "draw": 0.85, "discard": 0.75}

Moved = tuple[list[Event], int]  # the events of a move, and who made it

NEW_PLAYER_MATCHES = 3
GENTLE = 1.5


def clock_scale(host: Host) -> float:
    """How much longer than the rules say a turn may last: ``GENTLE`` for a new player's first matches.

    Only where the game greets a new player (the real program, not tests or pictures); the count is
    of finished matches in the statistics, and any trouble reading them means no change."""
    if not host.first_match_guide:
        return 1.0
    try:
        finished = [m for m in host.services.stats.recent_matches(NEW_PLAYER_MATCHES) if not m.abandoned]
    except Exception:
        log.exception("the statistics could not say how many matches were played")
        return 1.0
    return GENTLE if len(finished) < NEW_PLAYER_MATCHES else 1.0


class BotDriver:
    def __init__(self) -> None:
        self.future: Future[Action] | None = None
        self.wait = 0.0

    def step(self, model: PlayModel, host: Host, dt: float) -> Moved | None:
        match = model.match
        for words in match.take_notices():
            host.toast(words, 6.0)
        moved = match.arrived()
        if moved is not None:
            return moved
        st = match.state
        if not model.in_play() or not match.is_bot(st.to_act) or match.bot is None:
            return None
        if self.future is None:
            stage = {Phase.UPCARD_OFFER: "upcard", Phase.DRAW: "draw"}.get(st.phase, "discard")
            self.wait = BOT_PAUSE[stage] * host.pace
            obs = match.observe(BOT_SEAT)
            self.future = host.think(host.bots.decide, match.bot, obs)
            return None
        self.wait -= dt
        if self.wait > 0 or not self.future.done():
            return None
        f, self.future = self.future, None
        try:
            action = f.result()
            events = match.apply(action, BOT_SEAT)
        except Exception:
            log.exception("the bot's move failed; the engine's timer move is played instead")
            events = match.apply(TimerMove(), BOT_SEAT)
        return events, BOT_SEAT


class TurnClock:
    """Counts down a human's turn (when the rules have a timer) and plays the timer move at zero.

    ``scale`` stretches the rules' seconds (a new player's gentler clock)."""

    def __init__(self, scale: float = 1.0) -> None:
        self.key: tuple[int, int, int | None, int] | None = None
        self.left = 0.0
        self.scale = scale
        self.held = False

    def full(self, model: PlayModel) -> float:
        """The seconds a turn starts with."""
        return float(model.state.rules.turn_timer or 0) * self.scale

    def step(self, model: PlayModel, dt: float, cue: Callable[[str], None], waiting: bool = False,
             held: bool = False) -> Moved | None:
        """``waiting``: cards are still flying (the deal, the last move), so the turn has not begun yet;
        ``held``: the player is reading (a hint), so the clock stands still."""
        st = model.state
        if not st.rules.turn_timer or not model.human_turn():
            self.key = None
            return None
        key = (st.hand_no, st.turns, st.to_act, st.offer_stage)
        if key != self.key:
            self.key = key
            self.left = self.full(model)
        self.held = held
        if waiting or held:
            return None
        before = self.left
        self.left -= dt
        if 0 < self.left <= URGENT_SECONDS and math.ceil(self.left) != math.ceil(before):
            cue("timer_urgent")
        if self.left <= 0:
            seat = st.to_act
            assert seat is not None
            self.key = None
            model.selected = None
            return model.match.apply(TimerMove(), seat), seat
        return None
