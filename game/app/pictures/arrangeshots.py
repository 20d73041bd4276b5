"""Pictures of a knock laid out by hand: the knocker's melds, a layout the engine refuses, the defender's
layoffs.  A fixed hand, so each picture shows a run, a set, loose cards and cards that can be laid off."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from game.app.program.app import App
from game.app.scenes.arrange import DEADWOOD, ArrangeScene, KnockLayout
from game.engine import CLASSIC, DECK, Knock, MatchState, Phase, parse_cards

KNOCKER = "3H 4H 5H 6H 7S 7C 7D AC 2D 3S KD"  # the run 3H-6H, the sevens, 6 loose, KD thrown
DEFENDER = "KS KC KH 7H 8H 2H QS JS 5C 9C"  # 2H, 7H and 8H can go on the run


def knock_position() -> MatchState:
    hands = (parse_cards(KNOCKER), parse_cards(DEFENDER))
    named = set(hands[0] + hands[1])
    rest = [c for c in DECK if c not in named]
    return MatchState.from_position(CLASSIC, hands, rest[:20], rest[20:], dealer=1, phase=Phase.DISCARD)


def arranging(app: App, settle: Callable[[App], None]) -> Iterator[str]:
    """The knocker's layout, the same refused (6H left loose: 12 deadwood), then the defender's choice."""
    state = knock_position()
    throw = parse_cards("KD")[0]
    kept = [c for c in state.hands[0] if c != throw]
    scene = ArrangeScene(app, KnockLayout(Knock(throw), kept, state.knock_limit),
                         lambda k: state.why_illegal(k, 0), lambda k: None)
    app.push(scene)
    settle(app)
    yield "arrange"
    scene.selected = parse_cards("6H")[0]
    scene.layout.move(scene.selected, DEADWOOD)
    scene.selected = None
    scene.confirm()
    settle(app)
    yield "arrange_refused"
    app.pop(scene)
    melds = tuple(tuple(parse_cards(m)) for m in ("4H 5H 6H", "7S 7C 7D"))
    layout = KnockLayout(Knock(throw, melds), kept, state.knock_limit, defender=list(state.hands[1]))
    layout.toggle(parse_cards("8H")[0])  # kept back: the defender's own choice
    defend = ArrangeScene(app, layout, lambda k: state.why_illegal(k, 0), lambda k: None)
    app.push(defend)
    settle(app)
    yield "arrange_defend"
    app.pop(defend)
