"""Hand records: the deal, every move and the result of one hand, replayable, in a small versioned JSON form.

A ``HandRecord`` holds where the hand started (the rules, the hand number, the dealer, the scores
before it, both dealt hands, the upcard and the stock), the moves in order (each with its seat) and,
once the hand is over, how it ended.  ``replay(record)`` plays the moves through the engine and gives
every position along the way; a move the engine refuses, or an ending that differs from the one
recorded, makes the record unusable (``RecordError``), so a damaged record is never half-shown.

The JSON form (``to_dict``/``from_dict``, ``to_json``/``from_json``) writes cards as two-letter codes
and the moves as one string of short tokens (see ``MOVE_CODES``).  ``dump_file`` and ``load_file``
write and read the history file: one JSON object per line, a header first, then one hand per line
(docs/history.md describes both).
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field, replace
from typing import Any

from .actions import (
    Action,
    BigGin,
    Discard,
    DrawDiscard,
    DrawStock,
    Knock,
    PassUpcard,
    TakeUpcard,
    TimerMove,
)
from .cards import Card
from .core import IN_PLAY, Phase
from .dealing import deal_follows_cards
from .declared import knock_from_text, layout_text
from .errors import IllegalAction, SaveError
from .events import Event, HandDealt
from .fairness import FairDeal
from .fileformat import FileFormat
from .record_checks import RecordError as RecordError
from .record_checks import card_text, codes, count_of, opt_seat_of, pair_of, seat_of, shown
from .record_fair import DealSeal, export_record
from .rules import Rules
from .scoring import KINDS, MAX_HAND_POINTS, HandResult
from .state import MatchState
from .textfile import parse

FORMAT = "gin-rummy-hand"
VERSION = 1
HAND_FILE = FileFormat(FORMAT, VERSION, not_object="a hand record must be a JSON object",
                       not_ours="this is not a Gin Rummy hand record", no_version="the hand record has no version",
                       unknown="unknown hand record version {version}",
                       newer="the hand was recorded by a newer version of the game (format {version})")

MAX_RECORD_BYTES = 64 * 1024  # a hand record takes about one kilobyte
MAX_MOVES = 1000  # far beyond any hand played (the stock holds 31 cards)
MAX_HAND_NO = 100_000

MOVE_CODES: dict[type[Action], str] = {
    TakeUpcard: "t",
    PassUpcard: "p",
    DrawStock: "s",
    DrawDiscard: "d",
    Discard: "x",
    Knock: "k",
    BigGin: "b",
    TimerMove: "z",
}
"""A move is written ``<seat><code>[<card>]``: ``0s`` seat 0 draws from the stock, ``1x7H`` seat 1 throws
the seven of hearts, ``0kTD`` seat 0 knocks throwing the ten of diamonds, ``1z`` the turn clock ran out.
A knock laid out by hand adds its melds and layoffs: ``0kTD:3H4H5H.7S7C7D:8S`` (``declared.layout_text``)."""

_BY_CODE: dict[str, type[Action]] = {code: cls for cls, code in MOVE_CODES.items()}


# ---------------------------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class RecordedMove:
    """One move of a hand: ``seat`` played ``action``."""

    seat: int
    action: Action

    @property
    def token(self) -> str:
        card = getattr(self.action, "card", None)
        laid = layout_text(self.action) if isinstance(self.action, Knock) and self.action.declared else ""
        return f"{self.seat}{MOVE_CODES[type(self.action)]}{'' if card is None else str(card)}{laid}"

    @classmethod
    def parse(cls, token: str) -> RecordedMove:
        laid_out = isinstance(token, str) and token[1:2] == "k" and token[4:5] == ":"  # see MOVE_CODES
        if not isinstance(token, str) or (len(token) not in (2, 4) and not laid_out) or token[0] not in "01":
            raise RecordError(f"not a move: {shown(token)}")
        kind = _BY_CODE.get(token[1])
        if kind is None:
            raise RecordError(f"not a move: {shown(token)}")
        seat = int(token[0])
        if kind is Discard or kind is Knock:
            if len(token) < 4:
                raise RecordError(f"the move {shown(token)} needs a card")
            try:
                if laid_out:
                    return cls(seat, knock_from_text(token[2:]))
                card = Card.parse(token[2:])
            except ValueError:
                raise RecordError(f"the move {shown(token)} names no card") from None
            return cls(seat, Discard(card) if kind is Discard else Knock(card))
        if len(token) != 2:
            raise RecordError(f"the move {shown(token)} takes no card")
        return cls(seat, kind())

    def __str__(self) -> str:
        return self.token


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended, as recorded: enough to check a replay and to list the hand without one."""

    kind: str
    knocker: int | None
    winner: int | None
    points: int

    @classmethod
    def of(cls, result: HandResult) -> HandEnd:
        return cls(result.kind, result.knocker, result.winner, result.points)

    def matches(self, result: HandResult) -> bool:
        return self == HandEnd.of(result)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "knocker": self.knocker, "winner": self.winner, "points": self.points}

    @classmethod
    def from_dict(cls, d: Any) -> HandEnd:
        if not isinstance(d, dict):
            raise RecordError("the hand's ending must be an object")
        kind = d.get("kind")
        if kind not in KINDS:
            raise RecordError(f"unknown hand ending {shown(kind)}")
        knocker = opt_seat_of(d.get("knocker"), "knocker")
        winner = opt_seat_of(d.get("winner"), "winner")
        points = count_of(d.get("points"), "points", MAX_HAND_POINTS)
        if (kind == "dead") != (winner is None) or (kind == "dead") != (knocker is None):
            raise RecordError("only a dead hand has no knocker and no winner")
        if kind == "dead" and points:
            raise RecordError("a dead hand scores nothing")
        return cls(str(kind), knocker, winner, points)


# ---------------------------------------------------------------------------------------------- records


@dataclass(frozen=True)
class HandRecord:
    """One hand: where it started, the moves, and (once over) how it ended.

    ``hands`` are the two seats' dealt cards in the order dealt; ``stock`` is listed bottom first
    (the last card is drawn first).  ``scores`` and ``hands_won`` are the match's before this hand.
    """

    rules: Rules
    hand_no: int
    dealer: int
    scores: tuple[int, int]
    hands_won: tuple[int, int]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    upcard: Card
    stock: tuple[Card, ...]
    moves: tuple[RecordedMove, ...] = ()
    end: HandEnd | None = None
    fair: DealSeal | None = None  # the fair deal's seal; its secret once the hand is over

    # ------------------------------------------------------------------ building

    @classmethod
    def at_deal(cls, state: MatchState) -> HandRecord:
        """The record of the hand ``state`` has just dealt (no move made yet)."""
        fresh = (
            state.phase in (Phase.UPCARD_OFFER, Phase.DRAW)
            and state.turns == 0
            and state.offer_stage == 0
            and not state.stock_only
            and not state.out_of_play
            and state.picks == [[], []]
            and len(state.discard) == 1
            and state.upcard == state.discard[0]
        )
        if not fresh:
            raise RecordError("a hand record starts right after the deal")
        return cls(
            rules=state.rules,
            hand_no=state.hand_no,
            dealer=state.dealer,
            scores=(state.scores[0], state.scores[1]),
            hands_won=(state.hands_won[0], state.hands_won[1]),
            hands=(tuple(state.hands[0]), tuple(state.hands[1])),
            upcard=state.discard[0],
            stock=tuple(state.stock),
            fair=DealSeal.of(state.deal) if state.deal is not None and deal_follows_cards(state) else None,
        )

    def with_move(self, seat: int, action: Action) -> HandRecord:
        """This record with one more move (the caller has played it through the engine)."""
        if type(action) not in MOVE_CODES:
            raise RecordError(f"{action} is not a move within a hand")
        return replace(self, moves=self.moves + (RecordedMove(seat, action),), end=None)

    def finished(self, result: HandResult, deal: FairDeal | None = None) -> HandRecord:
        """This record with the hand's ending, and the deal's secret when ``deal`` (now revealed) is given."""
        fair = self.fair.revealed(deal) if self.fair is not None and deal is not None else self.fair
        return replace(self, end=HandEnd.of(result), fair=fair)

    def cut(self, n: int) -> HandRecord:
        """The record of the first ``n`` moves only (the hand not over yet)."""
        if not 0 <= n <= len(self.moves):
            raise ValueError(f"a record of {len(self.moves)} moves has no first {n}")
        return replace(self, moves=self.moves[:n], end=None)

    @property
    def complete(self) -> bool:
        return self.end is not None

    def fair_export(self) -> dict[str, Any]:
        """The exported hand of the fair deal (docs/fairness.md); RecordError when there is none yet."""
        if self.fair is None:
            raise RecordError("the hand was recorded without its fair deal")
        if self.end is None:
            raise RecordError("the hand is not over: its secret is still hidden")
        return export_record(self.fair, self.hand_no, self.dealer, self.hands, self.upcard, self.stock)

    # ------------------------------------------------------------------ positions

    def start_state(self) -> MatchState:
        """The position right after the deal, checked like a loaded save (``RecordError`` if impossible)."""
        phase = Phase.UPCARD_OFFER if self.rules.upcard_offer != "none" else Phase.DRAW
        try:
            state = MatchState.from_position(
                self.rules, self.hands, self.stock, [self.upcard], dealer=self.dealer, phase=phase,
                hand_no=self.hand_no,
            )
        except SaveError as e:
            raise RecordError(f"the deal is not possible: {e}") from None
        # the scores before this hand: shown on the table and deciding whether the hand ends the match
        state.scores = [self.scores[0], self.scores[1]]
        state.hands_won = [self.hands_won[0], self.hands_won[1]]
        return state

    def deal_event(self, knock_limit: int) -> HandDealt:
        """The engine's report of this deal (``knock_limit`` as the start state has it)."""
        return HandDealt(hand_no=self.hand_no, dealer=self.dealer, upcard=self.upcard,
                         hands=(self.hands[0], self.hands[1]), knock_limit=knock_limit,
                         stock_size=len(self.stock))

    # ------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "hand": self.hand_no,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "won": list(self.hands_won),
            "deal": [codes(self.hands[0]), codes(self.hands[1]), str(self.upcard), codes(self.stock)],
            "moves": " ".join(m.token for m in self.moves),
            "end": None if self.end is None else self.end.to_dict(),
        } | ({} if self.fair is None else {"fair": self.fair.to_dict()})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, d: Any) -> HandRecord:
        """A record from its JSON form, checked field by field (not yet replayed: see ``replay``)."""
        HAND_FILE.check(d, RecordError)
        try:
            rules = Rules.from_dict(d["rules"])
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"the rules are not usable: {e}") from None
        hand_no = count_of(d.get("hand"), "hand", MAX_HAND_NO)
        dealer = seat_of(d.get("dealer"), "dealer")
        most = (3 if rules.hollywood else 1) * (rules.target + MAX_HAND_POINTS)  # Hollywood plays on after a game
        scores = pair_of(d.get("scores"), "scores", most)
        won = pair_of(d.get("won"), "won", MAX_HAND_NO)
        if not rules.hollywood and max(scores) >= rules.target and scores[0] != scores[1]:
            raise RecordError("the match was over before this hand")
        deal = d.get("deal")
        if not isinstance(deal, list) or len(deal) != 4:
            raise RecordError("the deal must list both hands, the upcard and the stock")
        h0, h1 = card_text(deal[0], "first hand"), card_text(deal[1], "second hand")
        upcard = card_text(deal[2], "upcard")
        stock = card_text(deal[3], "stock")
        if len(h0) != 10 or len(h1) != 10 or len(upcard) != 1:
            raise RecordError("each hand is dealt ten cards and one upcard")
        every = h0 + h1 + upcard + stock
        if len(every) != 52 or len(set(every)) != 52:
            raise RecordError("the deal does not hold each of the 52 cards once")
        moves_text = d.get("moves")
        if not isinstance(moves_text, str):
            raise RecordError("the moves must be a string")
        tokens = moves_text.split()
        if len(tokens) > MAX_MOVES:
            raise RecordError(f"more than {MAX_MOVES} moves")
        moves = tuple(RecordedMove.parse(t) for t in tokens)
        end = None if d.get("end") is None else HandEnd.from_dict(d["end"])
        fair = None if d.get("fair") is None else DealSeal.from_dict(d["fair"])
        return cls(rules, hand_no, dealer, scores, won, (tuple(h0), tuple(h1)), upcard[0], tuple(stock), moves, end,
                   fair)

    @classmethod
    def from_json(cls, text: str | bytes) -> HandRecord:
        if not isinstance(text, (str, bytes, bytearray)):
            raise RecordError("a hand record must be text")
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"the hand record is too large (more than {MAX_RECORD_BYTES} bytes)")
        try:
            data = parse(text if isinstance(text, str) else bytes(text).decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            raise RecordError(f"the hand record is not valid JSON: {e}") from None
        except RecursionError:
            raise RecordError("the hand record nests too deeply") from None
        return cls.from_dict(data)


# ---------------------------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class Step:
    """A position of a replay: the state after ``move`` (the deal for the first step) and its events."""

    state: MatchState
    move: RecordedMove | None
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Replay:
    """Every position of a recorded hand, in order: ``steps[0]`` is the deal, ``steps[i]`` follows move i."""

    record: HandRecord
    steps: tuple[Step, ...] = field(repr=False)

    def __len__(self) -> int:
        return len(self.steps)

    def state(self, i: int) -> MatchState:
        """A copy of position ``i`` (0: the deal; ``len(self) - 1``: the end), free to change."""
        return copy.deepcopy(self.steps[i].state)

    @property
    def last(self) -> MatchState:
        return self.steps[-1].state

    @property
    def result(self) -> HandResult | None:
        """The hand's result once over (None for a hand still in play)."""
        last = self.last
        return last.last_result if last.phase not in IN_PLAY else None

    def decisions(self, seat: int) -> list[int]:
        """The indices of ``seat``'s moves: move i is played from position i (``steps[i]``)."""
        return [i for i, m in enumerate(self.record.moves) if m.seat == seat]

    def seen_events(self, seat: int, upto: int) -> list[Event]:
        """What ``seat`` was told from the deal up to position ``upto``, as it was told (``seen_by``)."""
        return [e.seen_by(seat) for step in self.steps[: upto + 1] for e in step.events]


def replay(record: HandRecord) -> Replay:
    """Play the record's moves through the engine.  ``RecordError`` when a move is refused, a move
    follows the end of the hand, the hand ends without its recorded ending, or the endings differ."""
    state = record.start_state()
    steps = [Step(copy.deepcopy(state), None, (record.deal_event(state.knock_limit),))]
    for i, move in enumerate(record.moves):
        if state.phase not in IN_PLAY:
            raise RecordError(f"move {i + 1} ({move}) comes after the end of the hand")
        if state.to_act != move.seat:
            raise RecordError(f"move {i + 1} ({move}) is played out of turn")
        try:
            events = state.apply(move.action, move.seat)
        except IllegalAction as e:
            raise RecordError(f"move {i + 1} ({move}) is not legal: {e}") from None
        steps.append(Step(copy.deepcopy(state), move, tuple(events)))
    over = state.phase not in IN_PLAY
    if record.end is None:
        if over:
            raise RecordError("the hand ended but its ending was not recorded")
    else:
        if not over or state.last_result is None:
            raise RecordError("the hand's recorded ending is missing moves")
        if not record.end.matches(state.last_result):
            raise RecordError("the replayed ending differs from the one recorded")
    return Replay(record, tuple(steps))
