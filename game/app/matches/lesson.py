"""The first lesson's hand: a fixed deal in which each point of the game comes up in turn, the moves the
lesson waits for, and the computer's moves, scripted so each step happens (draw, throw, melds, deadwood,
a knock that the computer's layoffs turn into an undercut).

The lesson is practice: its match has no listeners, so nothing is saved, recorded or counted.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.bots.base import Bot
from game.engine import Action, Card, DrawDiscard, DrawStock, MatchState, Observation, parse_cards, preset
from game.engine.actions import Discard, Knock

from .match import BOT_SEAT, BotKit, Match, MatchSetup

YOU = "7C 7D 7H 4S 5S 6S 2D 3D KC 9H"
COMPUTER = "QH QS QD 9C TC JC 7S 2S 2C AD"
UPCARD = "3S"
# drawn from the top of the stock in this order: the computer's throwaway, then the player's ace
DRAWS = ("5H", "AC")
THROWS = ("5H",)  # the computer's throws, in order


@dataclass(frozen=True)
class Step:
    """One thing the lesson says: ``key`` names its words, ``point`` what it highlights (pile, stock, card,
    hand, counter, knock, opponent), ``expect`` the move it waits for (None: the player reads and goes on),
    ``card`` the card it points at."""

    key: str
    point: str
    expect: Action | None = None
    card: Card | None = None
    computer: bool = False  # the computer moves during this step; it ends when the player may act again


def _c(text: str) -> Card:
    return Card.parse(text)


STEPS: tuple[Step, ...] = (
    Step("welcome", "hand"),
    Step("draw", "pile", DrawDiscard()),
    Step("throw", "card", Discard(_c("KC")), _c("KC")),
    Step("computer", "opponent", computer=True),
    Step("melds", "counter"),
    Step("stock", "stock", DrawStock()),
    Step("knock", "knock", Knock(_c("9H")), _c("9H")),
    Step("layoffs", "opponent"),
    Step("undercut", "opponent"),
    Step("gin", "hand"),
    Step("summary", "none"),
)


class LessonBot(Bot):
    """The computer of the lesson: it draws from the stock and throws what the script says, never knocks."""

    level = "lesson"

    def __init__(self) -> None:
        super().__init__(seed=0)
        self.throws = [_c(t) for t in THROWS]

    def draw_from_discard(self, obs: Observation) -> bool:
        return False

    def choose_discard(self, obs: Observation) -> Card:
        for c in self.throws:
            if c in obs.hand:
                return c
        return super().choose_discard(obs)

    def knock(self, obs: Observation, card: Card) -> bool:
        return False


def lesson_state() -> MatchState:
    """The lesson's position: the computer deals, the player draws first; the clock is off."""
    rules = preset("classic", 100).with_(upcard_offer="none", turn_timer=0)
    dealt = set(parse_cards(" ".join((YOU, COMPUTER, UPCARD) + DRAWS)))
    rest = [c for c in (Card(i) for i in range(52)) if c not in dealt]
    stock = rest + [_c(t) for t in reversed(DRAWS)]
    return MatchState.from_position(rules, [YOU, COMPUTER], stock, UPCARD, dealer=BOT_SEAT)


def lesson_match(bots: BotKit) -> Match:
    """The lesson's match against the scripted computer; no listener is attached, so nothing is kept."""
    state = lesson_state()
    setup = MatchSetup("bot", state.rules, state.seed, level="easy")
    match = Match(setup, bots, resume=state)
    bot = LessonBot()
    bot.new_match(BOT_SEAT, state.rules)
    match.bot = bot
    return match
