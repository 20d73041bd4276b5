"""One match in progress: the engine state, who sits where, and the bot that plays a seat.

The engine is the only judge of the rules: every move goes through ``state.apply``.  The bot hears
each event as its seat sees it.  Listeners (a saver, sound) hear every action and its events.
"""
from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.app.config.vocab import Level, Mode
from game.app.lang import bidi, i18n, typed
from game.app.lang.i18n import has, tr
from game.app.matches.fairdeal import Seal, dealt_from_seed
from game.app.matches.meta import MatchMeta
from game.engine import (
    IN_PLAY,
    Action,
    Card,
    DeckSource,
    Discarded,
    Drew,
    Event,
    HandDealt,
    Knocked,
    MatchState,
    NextHand,
    Observation,
    Rules,
    UpcardDecision,
    UpcardRetired,
    bot_label,
    derive_seed,
    new_match,
    observe,
)
from game.engine.fairness_chain import MatchSeal

if TYPE_CHECKING:
    from game.bots import Advisor, Bot, Hint

log = logging.getLogger(__name__)

BOT_SEAT = 1


class BotKit(Protocol):
    """What a match needs of the bots (the package ``game.bots`` is one; tests hand in others)."""

    def make_bot(self, level: str, seed: int | str | None = None) -> Bot: ...

    def decide(self, bot: Bot, obs: Observation) -> Action: ...

    def hint(self, obs: Observation) -> Hint: ...

    @property
    def Advisor(self) -> type[Advisor]: ...  # noqa: N802 - the class the package exports under that name


class HandsFlow(Protocol):
    """Where a match goes once a hand is over (the navigator is one)."""

    def deal_next_hand(self, match: Match) -> None: ...

    def show_table_sheet(self) -> None: ...

    def to_menu(self) -> None: ...


@dataclass(frozen=True)
class MatchSetup:
    mode: Mode
    rules: Rules
    seed: int
    level: Level = "medium"
    names: tuple[str, str] = ("", "")

    @property
    def vs_bot(self) -> bool:
        return self.mode == "bot"

    def player_name(self, seat: int) -> str:
        """A hot-seat player's name as given, else the default name of the seat."""
        given = typed.normal_name(self.names[seat]) if seat < len(self.names) else ""
        if given and i18n.is_rtl():  # a typed name keeps its own direction inside a Persian line
            return bidi.isolate(given)
        return given or tr("menu.name1_default" if seat == 0 else "menu.name2_default")

    def meta(self) -> MatchMeta:
        """Who plays whom, as the saved match and the statistics record it."""
        if self.vs_bot:
            return MatchMeta("bot", names=self.names, bot_level=self.level, bot_seat=BOT_SEAT)
        return MatchMeta("hotseat", names=self.names)



def event_sounds(events: list[Event]) -> list[str]:
    """The sounds of a move's events: draws, throws, knocks and gins (hand and match endings sound
    when their scenes open)."""
    out = []
    for e in events:
        if isinstance(e, Drew) or (isinstance(e, UpcardDecision) and e.taken):
            out.append("draw")
        elif isinstance(e, Discarded):
            out.append("discard")
        elif isinstance(e, Knocked):
            out.append("knock" if e.kind == "knock" else "gin")
    return out

def public_story(state: MatchState, seat: int) -> list[Event]:
    """Events ``seat`` could have seen that rebuild its view of the current hand after a resume.

    The save holds the state, not the events, so this is what can be told without hidden
    information: the deal as the seat's own current hand, then the discard pile as it lies.  A card
    one player took from the pile was thrown by the other (or was the upcard), so picks are told as
    that throw and that draw; who threw the other pile cards is unknown, so they count as the seat's
    own throws and the opponent is credited with nothing it did not show.
    """
    if state.phase not in IN_PLAY:
        return []
    opp = 1 - seat
    own = tuple(state.hands[seat])
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None] = (own, None) if seat == 0 else (None, own)
    first = state.upcard if state.upcard is not None else (state.discard[0] if state.discard else None)
    if first is None:
        return []
    story: list[Event] = [HandDealt(hand_no=state.hand_no, dealer=state.dealer, upcard=first, hands=hands,
                                    knock_limit=state.knock_limit, stock_size=len(state.stock))]
    pile = list(state.discard)
    # the dealt upcard is already on the seat's pile; tell the rest of the pile as throws
    told = 1 if pile and pile[0] == first else 0
    if told == 0 and first is not None:
        if first in state.out_of_play:
            story.append(UpcardRetired(card=first))
        else:
            story.append(Drew(player=opp if first in state.picks[opp] else seat, source="discard", card=first))
    for c in state.picks[opp]:
        if c != first:
            story += [Discarded(player=seat, card=c), Drew(player=opp, source="discard", card=c)]
    for c in state.picks[seat]:
        if c != first:
            story += [Discarded(player=opp, card=c), Drew(player=seat, source="discard", card=c)]
    for c in pile[told:]:
        story.append(Discarded(player=seat, card=c))
    return story


@dataclass
class Match:
    setup: MatchSetup
    bots: BotKit
    state: MatchState = field(init=False)
    bot: Bot | None = field(init=False, default=None)
    listeners: list[Callable[[Match, Action | None, list[Event]], None]] = field(default_factory=list)
    last_events: list[Event] = field(init=False, default_factory=list)
    resume: MatchState | None = None  # a saved state to continue instead of dealing a new match
    source: DeckSource | None = None  # the sealed secret and the player's cut for the first hand (fair deal)
    cut_by_player: bool = True  # the first hand's cut came from the player (not "cut for me")
    seals: dict[int, Seal] = field(default_factory=dict)  # hand number -> what the table showed before it
    chain: MatchSeal | None = None  # the match's seal the next hands are dealt from (None: seal it anew)

    def __post_init__(self) -> None:
        s = self.setup
        if self.resume is not None:
            self.state, self.resume = self.resume, None
            events: list[Event] = []
        else:
            self.state, events = new_match(s.rules, s.seed, computer_seat=BOT_SEAT if s.vs_bot else None,
                                           source=self.source)
        if self.source is not None:
            self.seals[self.state.hand_no] = Seal(self.source.commitment, self.cut_by_player and self.source.by_player)
        elif self.state.deal is not None and not dealt_from_seed(self.state.deal, self.state.seed):
            # a resumed fair match: its hand was sealed, and the save says whether a player cut
            self.seals[self.state.hand_no] = Seal(self.state.deal.commitment, self.state.deal.by_player)
        self.source = None  # the secret stays with the engine state, which hides it until the hand ends
        self.info = s.meta()
        self.advisors: dict[int, Advisor] = {}
        self.backlog: dict[int, deque[Event]] = {}
        self._seat_minds()
        if not events:  # resumed: each seat hears the public story of the hand so far
            self._retell()
        self._tell(None, events)

    def _seat_minds(self) -> None:
        """A fresh computer player and a fresh advisor for each human seat, told nothing yet."""
        s = self.setup
        if s.vs_bot:
            # the bot gets a seed of its own: nothing it is given lets it rebuild a deal
            self.bot = self.bots.make_bot(s.level, seed=derive_seed(s.seed, bot_label(BOT_SEAT)))
            self.bot.new_match(BOT_SEAT, s.rules)
        # an advisor per human seat hears that seat's events, so hints can use what the seat has seen
        self.advisors = {}
        self.backlog = {}
        for seat in (0, 1):
            if not self.is_bot(seat):
                self.advisors[seat] = self.bots.Advisor(seat, s.rules, seed=derive_seed(s.seed, f"hint/{seat}"))
                self.backlog[seat] = deque()

    def rewind(self, state: MatchState, story: Callable[[int], list[Event]]) -> None:
        """Practice undo: go on from ``state``, an earlier moment of this match.  The computer and the
        advisors start afresh and hear ``story(seat)``, what each seat saw up to that moment."""
        self.state = state
        self.last_events = []
        self._seat_minds()
        self._tell_bot(story(BOT_SEAT) if self.bot is not None else [])
        for seat, queue in self.backlog.items():
            queue.extend(story(seat))

    @classmethod
    def resumed(cls, state: MatchState, meta: MatchMeta, bots: BotKit, chain: MatchSeal | None = None) -> Match:
        """Continue a saved match; the bot starts afresh and hears only what its seat could know.  ``chain``
        is the saved seal the next hands go on dealing from."""
        if meta.mode == "bot" and meta.bot_seat != BOT_SEAT:
            raise ValueError(f"the computer sits in seat {BOT_SEAT}, not {meta.bot_seat}")
        setup = MatchSetup(meta.mode, state.rules, state.seed, level=meta.bot_level or "medium", names=meta.names)
        match = cls(setup, bots, resume=state, chain=chain)
        match.info = meta
        return match

    def _retell(self) -> None:
        if self.bot is not None:
            self._tell_bot(public_story(self.state, BOT_SEAT))
        for seat, queue in self.backlog.items():
            queue.extend(public_story(self.state, seat))

    def _tell_bot(self, seen: list[Event]) -> None:
        """The computer hears events as its seat saw them; its bookkeeping must never stop the game."""
        if self.bot is None:
            return
        for e in seen:
            try:
                self.bot.on_event(e)
            except Exception:
                log.exception("bot failed to take in %s", e)  # as the seat saw it: no hidden card in the log

    # ------------------------------------------------------------------ seats

    @property
    def vs_bot(self) -> bool:
        return self.setup.vs_bot

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def table_kind(self) -> str | None:
        """The kind of table this match is a hand of ("three", "pairs"); None for a match of two."""
        return None

    def after_hand(self, flow: HandsFlow) -> None:
        """On to the next hand: a match of two deals it (a table's hand goes back to the table's sheet)."""
        flow.deal_next_hand(self)

    def hand_line(self) -> str:
        """The scoreboard's line under the names: the hand's number and the target."""
        return tr("table.hand_no", n=self.state.hand_no + 1) + " · " + tr("table.to_target", target=self.rules.target)

    def deals(self, seat: int) -> bool:
        """Whether ``seat`` wears the Dealer badge (at a table of three the dealer sits out: nobody here)."""
        return self.state.dealer == seat

    def table_note(self) -> str | None:
        """A line about the table around this hand (who sits out), None for a match of two."""
        return None

    def is_bot(self, seat: int | None) -> bool:
        return self.vs_bot and seat == BOT_SEAT

    @property
    def home(self) -> int | None:
        """The seat of the person in front of this screen: theirs against the computer, None in hot-seat."""
        return 0 if self.vs_bot else None

    def arrived(self) -> tuple[list[Event], int] | None:
        """A move that came from elsewhere (a friend's, over the network) and who made it; None here."""
        return None

    def idle(self) -> None:
        """A frame of the result screen: a match with a friend over the network hears it; nothing here."""

    def waiting(self) -> str | None:
        """What the next hand waits for, in words, once asked for (the friend's deal); None here."""
        return None

    def take_notices(self) -> list[str]:
        """What the table should say that no move says (a dropped line); nothing for a match on this machine."""
        return []

    def standstill(self) -> str | None:
        """Why the table stands still, its clock too, through nobody's move (a friend's dropped line), in
        words for the status line; None for a match on this machine."""
        return None

    def leave(self) -> None:
        """The player goes home from this match (a friend over the network is told); here it stays saved."""

    def name(self, seat: int) -> str:
        if self.vs_bot:
            return tr("seat.you") if seat != BOT_SEAT else tr(
                "seat.computer_level", level=tr("level." + self.setup.level))
        return self.setup.player_name(seat)

    def say(self, key: str, seat: int, **params: object) -> str:
        """A sentence about ``seat``: the second-person form for the human facing a bot ("You knock"); the
        computer's own form where a language's verb agrees with it (Russian "Компьютер сбросил")."""
        if self.vs_bot and seat != BOT_SEAT and has(key + ".you"):
            return tr(key + ".you", **params)
        bot = self.vs_bot and seat == BOT_SEAT and has(key + ".bot")
        return tr(key + ".bot" if bot else key, name=self.name(seat), **params)

    def observe(self, seat: int) -> Observation:
        return observe(self.state, seat)

    # ------------------------------------------------------------------ moves

    @property
    def fair(self) -> bool:
        """Hands of this match are dealt from a sealed secret and a cut (not from the seed); a save whose
        deal was dropped (``deal_notice``) came from such a match too."""
        return bool(self.seals) or self.state.deal_notice is not None

    def seal(self) -> Seal | None:
        """The seal shown before the current (or just finished) hand."""
        return self.seals.get(self.state.hand_no)

    def next_hand(self, source: DeckSource | None = None, by_player: bool = True) -> list[Event]:
        """Deal the next hand: from ``source`` (sealed secret and cut) when given, else from the seed."""
        if source is None:
            return self.apply(NextHand(), None)
        events = self.state.next_hand(source)
        self.seals[self.state.hand_no] = Seal(source.commitment, by_player and source.by_player)
        self._tell(NextHand(), events)
        return events

    def next_seal(self, new_seal: Callable[[int], MatchSeal]) -> MatchSeal:
        """The seal the next hand deals from: the match's, or ``new_seal(next hand)`` when it has none (a
        damaged save) or every link is used; a new seal asks the seed again."""
        if self.chain is None or self.chain.remaining == 0:
            return new_seal(self.state.hand_no + 2)
        return self.chain

    def deal_sealed(self, seal: MatchSeal, cut: int | None) -> list[Event]:
        """Deal the next hand from ``seal`` (which becomes the match's) at card ``cut``, None when the game cut."""
        self.chain = seal
        return self.next_hand(seal.deal(cut), cut is not None)

    def apply(self, action: Action, player: int | None) -> list[Event]:
        """Apply through the engine (IllegalAction leaves everything unchanged)."""
        events = self.state.apply(action, player)
        self._tell(action, events)
        return events

    def _tell(self, action: Action | None, events: list[Event]) -> None:
        self.last_events = events
        for seat, queue in self.backlog.items():
            queue.extend(e.seen_by(seat) for e in events)
        if self.bot is not None:
            self._tell_bot([e.seen_by(BOT_SEAT) for e in events])
        for fn in list(self.listeners):
            try:
                fn(self, action, events)
            except Exception:
                log.exception("match listener failed")

    def bot_decide(self) -> Action:
        """Ask the bot for its move (called in a worker thread); its own view only."""
        assert self.bot is not None, "only a match against the computer asks it"
        obs = observe(self.state, BOT_SEAT)
        return self.bots.decide(self.bot, obs)

    def advise(self, seat: int, obs: Observation) -> Hint:
        """The hint for ``seat`` (worker thread): the advisor first hears what happened since it last spoke."""
        advisor = self.advisors.get(seat)
        if advisor is None:
            return self.bots.hint(obs)
        queue = self.backlog[seat]
        while queue:
            advisor.on_event(queue.popleft())
        return advisor.advise(obs)

