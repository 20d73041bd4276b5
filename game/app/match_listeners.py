"""What the services hear of a match: a save after every action, the statistics of finished hands
and matches, and the sound of each move.  Silent services make all three do nothing."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import Action, Discarded, Drew, Event, Knocked, UpcardDecision

if TYPE_CHECKING:
    from .match import Match
    from .services import Services


def event_sounds(events: list[Any]) -> list[str]:
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


def attach(match: Match, services: Services) -> None:
    """Save after every action, record finished hands and matches, and sound the moves."""
    meta = match.info

    def keep(m: Match, action: Action | None, events: list[Event]) -> None:
        if services.stats is not None:
            services.stats.record_events(meta, m.state.rules, events)
        services.store.save_match(m.state, meta)

    def sounds(m: Match, action: Action | None, events: list[Event]) -> None:
        for name in event_sounds(events):
            services.sound.play(name)

    match.listeners.append(keep)
    match.listeners.append(sounds)
    services.store.save_match(match.state, meta)
