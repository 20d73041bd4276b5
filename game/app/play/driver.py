"""The two things that move the game without the player: the computer's turns and the turn clock.

The bot thinks on the host's one worker thread; its answer is applied here, on the main thread,
after a short pause so a person can follow.  The turn clock plays the engine's timer move when a
human's time runs out.  Both hand back the events of the move they made, for the scene's bookkeeping.
"""
from __future__ import annotations

import logging
import math
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from game.app.matches.match import BOT_SEAT
from game.engine import Event, Phase, TimerMove

from .model import PlayModel

if TYPE_CHECKING:
    from game.app.shell.scene import Host

log = logging.getLogger(__name__)

URGENT_SECONDS = 10.0  # the last seconds: the clock turns red, pulses and ticks
BOT_PAUSE = {"upcard": 0.9, "draw": 0.85, "discard": 0.75}

Moved = tuple[list[Event], int]  # the events of a move, and who made it


class BotDriver:
    def __init__(self) -> None:
        self.future: Future[Any] | None = None
        self.wait = 0.0

    def step(self, model: PlayModel, host: Host, dt: float) -> Moved | None:
        match = model.match
        st = match.state
        if not model.in_play() or not match.is_bot(st.to_act):
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
    """Counts down a human's turn (when the rules have a timer) and plays the timer move at zero."""

    def __init__(self) -> None:
        self.key: tuple[int, int, int | None, int] | None = None
        self.left = 0.0

    def step(self, model: PlayModel, dt: float, cue: Callable[[str], None], waiting: bool = False) -> Moved | None:
        """``waiting``: cards are still flying (the deal, the last move), so the turn has not begun yet."""
        st = model.state
        limit = st.rules.turn_timer
        if not limit or not model.human_turn():
            self.key = None
            return None
        key = (st.hand_no, st.turns, st.to_act, st.offer_stage)
        if key != self.key:
            self.key = key
            self.left = float(limit)
        if waiting:
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
