"""The showdown as a timeline: what the table shows, in order, when a hand ends.

A knock, gin or big gin: a banner names the move and the player; the knocker's melds spread face up;
the defender's hand turns over into its melds; each layoff flies onto its meld, one at a time; both
deadwood counts tick to their final values; then the points line; only then does the scoreboard roll
to the new totals.  A dead hand has a short moment of its own: the banner, then the panel.

``Showdown`` holds only what the scene draws from (the banner's presence, which rows are out, how many
layoffs lie on the melds, the counts and totals as shown, the panel's presence) and changes it through
tweens, waits and calls (``anim``), so ``update`` never draws and the scene reads one consistent state.
``finish`` runs what is left at once: a skipped showdown ends in the same state as a watched one.
The scene is told through ``Hooks`` when the cards should move, a sound may play or a flourish
begin; while skipping, only the sound of the result itself is made.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.app.animation.anim import (
    Animation,
    Call,
    Parallel,
    Sequence,
    Tween,
    Wait,
    in_out_cubic,
    linear,
    out_back,
    out_cubic,
)
from game.engine import HandResult

# the stages, in the order they happen (``Showdown.log`` records them as they begin)
BANNER, KNOCKER, DEFENDER, LAYOFF, COUNTS, POINTS, ROLL, DONE = (
    "banner", "knocker", "defender", "layoff", "counts", "points", "roll", "done")


def no_op(*_args) -> None:
    return None


@dataclass
class Hooks:
    """What the showdown asks of its scene: put the cards where the stage wants them (``place``), play a
    sound (``cue``), start a flourish (``flourish`` with gin, big_gin, undercut or roll)."""

    place: Callable[[], None] = no_op
    cue: Callable[[str], None] = no_op
    flourish: Callable[[str], None] = no_op


def scores_before(scores: tuple[int, int] | list[int], result: HandResult) -> tuple[int, int]:
    """The totals before this hand: the winner's total less the hand's points."""
    out = [int(scores[0]), int(scores[1])]
    if result.winner is not None:
        out[result.winner] -= result.points
    return out[0], out[1]


class Showdown:
    # seconds at normal speed (every duration is multiplied by the animation speed)
    BANNER_IN = 0.45
    BANNER_HOLD = 0.75
    ROW = 0.8  # a row of cards spreading (the table's flights, staggered)
    TICK = 0.45
    LAYOFF_GAP = 0.2
    LAYOFF_FLIGHT = 0.5
    PANEL_IN = 0.35
    BEFORE_ROLL = 0.55
    ROLL_TIME = 0.75
    DEAD_HOLD = 1.0

    def __init__(self, result: HandResult, knocker_value: int, defender_value: int,
                 layoff_values: list[int], scores: tuple[int, int], speed: float,
                 hooks: Hooks | None = None, you_won: bool = False) -> None:
        self.result = result
        self.speed = max(0.0, speed)
        self.hooks = hooks or Hooks()
        self.you_won = you_won
        self.after = (int(scores[0]), int(scores[1]))
        self.before = scores_before(scores, result)
        self.dead = result.kind == "dead"
        # what the scene draws from
        self.banner = 0.0  # 0 gone .. 1 fully shown (eased, may overshoot while it pops in)
        self.banner_kind = result.kind if result.kind != "undercut" else "knock"
        self.knocker_out = False
        self.defender_out = False
        self.laid = 0
        self.counts: list[float | None] = [None, None]
        self.points_shown = False
        self.panel = 0.0
        self.scores = [float(self.before[0]), float(self.before[1])]
        self.rolled = False
        self.finished = False
        self.skipping = False
        self.log: list[str] = []
        self._finals = (knocker_value, defender_value)
        self._layoff_values = list(layoff_values)
        self.timeline: Animation = self._build()

    # ------------------------------------------------------------------ the timeline

    def _t(self, seconds: float) -> float:
        return seconds * self.speed

    def _tween(self, seconds: float, setter: Callable[[float], None], ease=out_cubic) -> Tween:
        return Tween(self._t(seconds), setter, ease)

    def _build(self) -> Animation:
        r = self.result
        steps: list[Animation] = [Call(self._banner), self._tween(self.BANNER_IN, self._set_banner, out_back),
                                  Wait(self._t(self.BANNER_HOLD))]
        if self.dead:
            steps += [Wait(self._t(self.DEAD_HOLD)), Call(self._points), self._tween(self.PANEL_IN, self._set_panel),
                      Call(self._done)]
            return Sequence(*steps)
        knocker, defender = r.knocker, r.defender
        assert knocker is not None and defender is not None
        k_final, d_before = self._finals
        steps += [
            Call(self._knocker),
            Parallel(self._tween(self.ROW * 0.5, lambda v: self._set_banner(1 - v), linear), Wait(self._t(self.ROW))),
            self._tick(knocker, k_final),
            Call(self._defender),
            Wait(self._t(self.ROW)),
            self._tick(defender, d_before),
        ]
        left = d_before
        for value in self._layoff_values:
            steps += [Wait(self._t(self.LAYOFF_GAP)), Call(self._lay_off), Wait(self._t(self.LAYOFF_FLIGHT)),
                      self._tick(defender, left - value, self.TICK * 0.6)]
            left -= value
        steps += [Call(self._counts), Wait(self._t(0.3)), Call(self._points),
                  self._tween(self.PANEL_IN, self._set_panel), Wait(self._t(self.BEFORE_ROLL)), Call(self._roll),
                  self._tween(self.ROLL_TIME, self._set_scores, in_out_cubic), Call(self._done)]
        return Sequence(*steps)

    def _tick(self, seat: int, end: float, seconds: float | None = None) -> Animation:
        """The count's pause, then its value at once: a label never shows a number it corrects a moment
        later (a count ticking up from nothing read as "deadwood 0" over red-marked cards)."""
        def set_count() -> None:
            self.counts[seat] = end

        return Sequence(Wait(self._t(self.TICK if seconds is None else seconds)), Call(set_count))

    # ------------------------------------------------------------------ setters and stages

    def _set_banner(self, v: float) -> None:
        self.banner = v

    def _set_panel(self, v: float) -> None:
        self.panel = v

    def _set_scores(self, v: float) -> None:
        self.scores = [b + (a - b) * v for b, a in zip(self.before, self.after, strict=True)]

    def _cue(self, name: str, essential: bool = False) -> None:
        if essential or not self.skipping:
            self.hooks.cue(name)

    def _banner(self) -> None:
        self.log.append(BANNER)
        if self.result.kind in ("gin", "big_gin") and not self.skipping:
            self.hooks.flourish(self.result.kind)
            self._cue("flourish")

    def _knocker(self) -> None:
        self.log.append(KNOCKER)
        self.knocker_out = True
        self.hooks.place()

    def _defender(self) -> None:
        self.log.append(DEFENDER)
        self.defender_out = True
        self._cue("draw")
        self.hooks.place()

    def _lay_off(self) -> None:
        self.log.append(LAYOFF)
        self.laid += 1
        self._cue("discard")
        self.hooks.place()

    def _counts(self) -> None:
        self.log.append(COUNTS)
        r = self.result
        assert r.knocker is not None and r.defender is not None
        self.counts[r.knocker] = r.knocker_deadwood
        self.counts[r.defender] = r.defender_deadwood

    def _points(self) -> None:
        self.log.append(POINTS)
        self.banner = 0.0
        self.points_shown = True
        if self.result.kind == "undercut":
            self.banner_kind = "undercut"
            if not self.skipping:
                self.hooks.flourish("undercut")
                self._cue("flourish")
        self._cue("hand_won" if self.you_won else "hand_lost", essential=True)

    def _roll(self) -> None:
        self.log.append(ROLL)
        self.rolled = True
        if not self.skipping and not self.dead:
            self.hooks.flourish("roll")

    def _done(self) -> None:
        self.log.append(DONE)
        self.scores = [float(v) for v in self.after]
        self.panel = 1.0
        self.banner = 0.0
        self.finished = True

    # ------------------------------------------------------------------ running

    def update(self, dt: float) -> None:
        if not self.finished:
            self.timeline.update(dt)

    def finish(self) -> None:
        """Skip to the end: every stage left happens now, silently but for the result's own sound."""
        if self.finished:
            return
        self.skipping = True
        self.timeline.finish()
        self.skipping = False

    @property
    def shown_scores(self) -> tuple[int, int]:
        """The totals the scoreboard shows now (whole points)."""
        return round(self.scores[0]), round(self.scores[1])

    def count(self, seat: int) -> int | None:
        v = self.counts[seat]
        return None if v is None else round(v)
