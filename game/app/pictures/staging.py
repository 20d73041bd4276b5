"""Seeded situations and sample services: the positions the pictures, the audits, the tests and the
benchmarks start from.

Matches are played forward through the engine by a plain policy (``plain_move``) from fixed seeds,
so every run finds the same hands.  ``MemoryStore`` and ``SampleStats`` stand in for the files.
"""
from __future__ import annotations

from game.app.config.vocab import Mode
from game.app.matches.match import Match, MatchSetup
from game.app.matches.meta import MatchMeta
from game.app.program.app import App
from game.app.records.stats import SilentStats
from game.app.records.stats_rows import MatchRecord, OpponentStats
from game.app.storage import SilentStore
from game.app.storage.resume import match_text, parse_match, read_saved
from game.engine import (
    IN_PLAY,
    BigGin,
    Card,
    DrawDiscard,
    DrawStock,
    Knock,
    MatchState,
    NextHand,
    PassUpcard,
    Phase,
    TimerMove,
    best_discard,
    deadwood,
    preset,
)
from game.engine.fairness_chain import MatchSeal

LONG_NAMES = ("Alexandra", "Konstantin")


def plain_move(state, want_knock: bool = True):
    """Draw the discard when it lowers deadwood, throw the best card, knock when allowed."""
    p = state.to_act
    hand = state.hands[p]
    if state.phase is Phase.UPCARD_OFFER:
        return PassUpcard()
    if state.phase is Phase.DRAW:
        if state.discard and not state.stock_only:
            top = state.discard[-1]
            if best_discard(hand + [top], forbidden=top).deadwood < deadwood(hand):
                return DrawDiscard()
        return DrawStock()
    legal = state.legal_actions()
    if want_knock:
        if BigGin() in legal:
            return BigGin()
        choice = best_discard(hand, forbidden=state.forbidden_discard())
        if Knock(choice.card) in legal:
            return Knock(choice.card)
    return TimerMove()


def play_to_end_of_hand(match: Match, knocker_wanted: int | None = None, max_moves: int = 400) -> None:
    st = match.state
    for _ in range(max_moves):
        if st.phase not in IN_PLAY:
            return
        p = st.to_act
        match.apply(plain_move(st, knocker_wanted is None or p == knocker_wanted), p)


def play_hands(match: Match, hands: int, knocker_wanted: int | None = None) -> None:
    """Up to ``hands`` hands played by the plain policy, the next dealt after each until the match is over."""
    for _ in range(hands):
        play_to_end_of_hand(match, knocker_wanted)
        if match.state.phase is Phase.MATCH_OVER:
            return
        match.apply(NextHand(), None)


def big_gin_hand(app: App, mode: Mode = "bot", names: tuple[str, str] = ("Ava", "Ben")) -> Match:
    """A first hand that seat 0 ends with a big gin (eleven melded cards), laid out on purpose: the plain
    policy's deals reach one too rarely to search for."""
    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "AH 3H 5H 7H 9H JH KD 2C 4C 6C"]
    held = {c for h in hands for c in h.split()}
    rest = [c for c in (Card(i) for i in range(52)) if str(c) not in held]
    state = MatchState.from_position(preset("van"), hands, stock=rest[1:], discard=rest[:1], dealer=1,
                                     phase=Phase.DISCARD, to_act=0, seed=3)
    match = Match(MatchSetup(mode, preset("van"), 3, level="medium", names=names), app.bots, resume=state)
    match.apply(BigGin(), 0)
    return match


def find_result(app: App, kind: str, mode: Mode = "bot", start: int = 1, tries: int = 400,
                need_layoffs: bool = False, names: tuple[str, str] = ("Ava", "Ben")) -> Match | None:
    if kind == "big_gin":
        return big_gin_hand(app, mode, names)
    for seed in range(start, start + tries):
        setup = MatchSetup(mode, preset("van"), seed, level="medium", names=names)
        match = Match(setup, app.bots)
        play_to_end_of_hand(match, knocker_wanted=0)
        r = match.state.last_result
        if r is not None and r.kind == kind and (not need_layoffs or r.layoffs) and (
                kind == "undercut" or r.knocker == 0):
            return match
    return None


def find_hand(app: App, kind: str, knocker: int | None, mode: Mode = "bot", layoffs: bool = False,
              start: int = 1, tries: int = 400) -> Match | None:
    """A seeded first hand that ends in ``kind`` with ``knocker`` knocking (None: anyone; a dead hand has
    no knocker), with layoffs if asked."""
    for seed in range(start, start + tries):
        setup = MatchSetup(mode, preset("van"), seed, level="medium", names=("Ava", "Ben"))
        match = Match(setup, app.bots)
        play_to_end_of_hand(match, knocker_wanted=2 if kind == "dead" else knocker)
        r = match.state.last_result
        if r is None or r.kind != kind or (layoffs and not r.layoffs):
            continue
        if knocker is None or r.knocker == knocker:
            return match
    return None


def find_match(app: App, winner: int, target: int = 50, start: int = 1, tries: int = 60) -> Match | None:
    """A whole seeded match (vs the computer, classic rules to ``target``) that ``winner`` wins."""
    for seed in range(start, start + tries):
        match = Match(MatchSetup("bot", preset("classic", target), seed, level="easy"), app.bots)
        play_hands(match, 40, knocker_wanted=winner)
        if match.state.phase is Phase.MATCH_OVER and match.state.winner == winner:
            return match
    return None


class MemoryStore(SilentStore):
    """Default settings and the running match kept in memory (Continue can be shown); no file is touched."""

    def __init__(self) -> None:
        super().__init__()
        self._match: str | None = None

    def save_match(self, state, meta: MatchMeta, hand: str | None = None, seal: MatchSeal | None = None) -> None:
        self._match = None if state.phase is Phase.MATCH_OVER else match_text(state, meta, hand, seal)

    def clear_match(self) -> None:
        self._match = None

    def has_match(self) -> bool:
        return self._match is not None

    def load_match(self):
        if self._match is None:
            return None
        self.saved_seal = read_saved(self._match).seal
        return parse_match(self._match)


class SampleStats(SilentStats):
    """Statistics with a few records to show: every bot level, a friend with a long name, an abandoned match."""

    def opponents(self) -> list[OpponentStats]:
        return [
            OpponentStats("easy", 4, 3, 31, 19, 3, 0, 2, 1, 6.4, 41, "gin", 3, 5),
            OpponentStats("medium", 7, 3, 58, 27, 4, 1, 3, 4, 5.9, 62, "big_gin", 2, 4),
            OpponentStats("hard", 12, 4, 101, 44, 6, 0, 5, 9, 5.2, 128, "undercut", 2, 6),
            OpponentStats("hotseat:" + LONG_NAMES[1], 2, 1, 17, 9, 1, 0, 1, 1, None, 0, None, 1, 3),
        ]

    def recent_matches(self, limit: int = 10) -> list[MatchRecord]:
        day = 1_795_000_000.0  # late 2026
        rows = [
            MatchRecord("m5", day, "hard", ("", ""), "van", 100, 64, 100, False, 9),
            MatchRecord("m4", day - 86_400 * 3, "hotseat:" + LONG_NAMES[1], LONG_NAMES, "custom", 250, 251, 187,
                        True, 14),
            MatchRecord("m3", day - 86_400 * 40, "medium", ("", ""), "classic", 50, 55, 12, True, 3),
            MatchRecord("m2", day - 86_400 * 90, "easy", ("", ""), "van", 100, 105, 77, True, 8),
            MatchRecord("m1", day - 86_400 * 200, "hard", ("", ""), "classic", 100, 23, 35, False, 4, abandoned=True),
        ]
        return rows[:limit]
