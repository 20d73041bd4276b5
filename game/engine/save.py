"""The match's save format: plain JSON, validated on load so a damaged save is refused, never half-loaded.

It reads and writes the fields of a ``MatchCore``; ``MatchState`` (``state.py``) calls it for
``to_dict``, ``from_dict``, ``to_json`` and ``from_json``.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeVar

from .cards import Card
from .core import MatchCore, Phase
from .deal_save import NOTICE_CARDS, deal_from_dict, deal_to_dict
from .dealing import deal_follows_cards
from .errors import SaveError
from .fileformat import FileFormat
from .invariants import check_state
from .outcome import settle
from .rules import PARAMETERS, Rules
from .scoring import MAX_HAND_POINTS, HandResult

S = TypeVar("S", bound=MatchCore)

FORMAT = "gin-rummy-match"
VERSION = 2
"""The newest format.  Version 2 added the straight gin and Hollywood switches; a match using neither
is still written as version 1, so an older copy of the game can go on reading it."""
SAVE_FILE = FileFormat(FORMAT, VERSION, not_object="a saved match must be a JSON object",
                       not_ours="this is not a saved Gin Rummy match", no_version="the save has no version",
                       unknown="unknown save version {version}",
                       newer="the save was written by a newer version of the game (format {version})")

# Sane bounds for what a save may hold; anything beyond them is refused before it is used.
MAX_SAVE_BYTES = 4 * 1024 * 1024  # a whole match to the highest target (10000) takes about 1 MB
MAX_HANDS = 100_000  # hand numbers, and hands won, from 0 to this
MAX_TURNS = 100_000  # turns within one hand
MAX_SEED_BITS = 256  # a seed's size: -(2**256) < seed < 2**256


def _cards(cs: Iterable[Card]) -> list[str]:
    return [str(c) for c in cs]


def state_to_dict(s: MatchCore) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": version_for(s.rules),
        "rules": s.rules.to_dict(),
        "seed": s.seed,
        "hand_no": s.hand_no,
        "dealer": s.dealer,
        "phase": s.phase.value,
        "to_act": s.to_act,
        "hands": [_cards(h) for h in s.hands],
        "stock": _cards(s.stock),
        "discard": _cards(s.discard),
        "out_of_play": _cards(s.out_of_play),
        "upcard": None if s.upcard is None else str(s.upcard),
        "knock_limit": s.knock_limit,
        "offer_stage": s.offer_stage,
        "stock_only": s.stock_only,
        "taken_card": None if s.taken_card is None else str(s.taken_card),
        "picks": [_cards(p) for p in s.picks],
        "turns": s.turns,
        "scores": list(s.scores),
        "hands_won": list(s.hands_won),
        "history": [r.to_dict() for r in s.history],
        "last_result_in_history": s.last_result is not None,
        "deal": deal_to_dict(s.deal),
    }


def _newer_switches(rules: Rules, version: int) -> list[str]:
    """The switches ``rules`` turns on that came after format ``version`` (each switch says when it came)."""
    return [p.name for p in PARAMETERS if p.since > version and getattr(rules, p.name) != p.default]


def version_for(rules: Rules) -> int:
    """The oldest format that can hold a match under ``rules``."""
    return next(v for v in range(1, VERSION + 1) if not _newer_switches(rules, v))


def _rules_of(d: dict[str, Any], version: int) -> Rules:
    rules = Rules.from_dict(d["rules"])
    newer = _newer_switches(rules, version)
    if newer:
        raise SaveError(f"a version {version} save cannot hold {', '.join(newer)}")
    return rules


def _seat(x: Any, name: str) -> int:
    if type(x) is not int or x not in (0, 1):
        raise SaveError(f"{name} must be seat 0 or 1, not {x!r}")
    return x


def _opt_seat(x: Any, name: str) -> int | None:
    return None if x is None else _seat(x, name)


def _count(x: Any, name: str, most: int) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise SaveError(f"{name} must be a whole number, not {_show(x)}")
    if x > most:
        raise SaveError(f"{name} is out of range: {_show(x)} (at most {most})")
    return x


def _show(x: Any) -> str:
    """A short description of a value from a save (a huge number is not written out)."""
    if isinstance(x, int) and not isinstance(x, bool) and abs(x) >= 10**12:
        return f"a number of about {int(x.bit_length() * 0.30103) + 1} digits"
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def check_save_size(text: str | bytes | bytearray) -> None:
    """Raise SaveError when a save text is larger than ``MAX_SAVE_BYTES`` (checked before parsing)."""
    size = len(text)
    if isinstance(text, str) and MAX_SAVE_BYTES // 4 < size <= MAX_SAVE_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))  # only the UTF-8 size can tell
    if size > MAX_SAVE_BYTES:
        raise SaveError(f"the save is too large: {size} bytes or more (at most {MAX_SAVE_BYTES})")


def _card_list(x: Any, name: str) -> list[Card]:
    if not isinstance(x, list):
        raise SaveError(f"{name} must be a list of cards")
    try:
        return [Card.parse(c) if isinstance(c, str) else Card(-1) for c in x]
    except ValueError as e:
        raise SaveError(f"{name}: {e}") from None


def _opt_card(x: Any, name: str) -> Card | None:
    if x is None:
        return None
    if not isinstance(x, str):
        raise SaveError(f"{name} must be a card")
    try:
        return Card.parse(x)
    except ValueError as e:
        raise SaveError(f"{name}: {e}") from None


def _seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("the seed must be a whole number")
    if seed.bit_length() >= MAX_SEED_BITS:
        raise SaveError(f"the seed is out of range: {_show(seed)} (less than 2**{MAX_SEED_BITS} either way)")
    return seed


def _read_results(s: MatchCore, d: dict[str, Any]) -> None:
    """The scores, hands won and the finished hands of a save's data into ``s``."""
    scores, won = d["scores"], d["hands_won"]
    if not (isinstance(scores, list) and len(scores) == 2 and isinstance(won, list) and len(won) == 2):
        raise SaveError("scores and hands_won must each hold two numbers")
    most = (3 if s.rules.hollywood else 1) * (s.rules.target + MAX_HAND_POINTS)  # Hollywood plays on after a game
    s.scores = [_count(x, "score", most) for x in scores]
    s.hands_won = [_count(x, "hands won", MAX_HANDS) for x in won]
    if not isinstance(d["history"], list):
        raise SaveError("history must be a list")
    if len(d["history"]) > MAX_HANDS + 1:
        raise SaveError(f"the history holds more than {MAX_HANDS + 1} hands")
    s.history = [HandResult.from_dict(r) for r in d["history"]]
    if d.get("last_result_in_history") and s.history:
        s.last_result = s.history[-1]


def state_from_dict(d: Any, cls: type[S]) -> S:
    """A match of class ``cls`` from a save's data, checked (``check_state``); ``SaveError`` if it cannot be."""
    version = SAVE_FILE.check(d, SaveError)
    try:
        rules = _rules_of(d, version)
        s = cls(rules, _seed(d["seed"]), _seat(d["dealer"], "dealer"))
        s.hand_no = _count(d["hand_no"], "hand_no", MAX_HANDS)
        try:
            s.phase = Phase(d["phase"])
        except ValueError:
            raise SaveError(f"unknown phase {d['phase']!r}") from None
        s.to_act = _opt_seat(d["to_act"], "to_act")
        hands = d["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            raise SaveError("hands must be a list of two hands")
        s.hands = [_card_list(h, "hand") for h in hands]
        s.stock = _card_list(d["stock"], "stock")
        s.discard = _card_list(d["discard"], "discard pile")
        s.out_of_play = _card_list(d["out_of_play"], "out_of_play")
        s.upcard = _opt_card(d["upcard"], "upcard")
        s.knock_limit = _count(d["knock_limit"], "knock_limit", 10)
        s.offer_stage = _count(d["offer_stage"], "offer_stage", 1)
        if not isinstance(d["stock_only"], bool):
            raise SaveError("stock_only must be true or false")
        s.stock_only = d["stock_only"]
        s.taken_card = _opt_card(d["taken_card"], "taken_card")
        picks = d["picks"]
        if not isinstance(picks, list) or len(picks) != 2:
            raise SaveError("picks must be two lists")
        s.picks = [_card_list(p, "picks") for p in picks]
        s.turns = _count(d["turns"], "turns", MAX_TURNS)
        _read_results(s, d)
        # a deal that does not describe these cards (an edited save) is dropped: that hand cannot be exported
        s.deal, s.deal_notice = deal_from_dict(d.get("deal"))
        if s.deal is not None and not deal_follows_cards(s):
            s.deal, s.deal_notice = None, NOTICE_CARDS
    except SaveError:
        raise
    except (KeyError, TypeError) as e:
        raise SaveError(f"the save is missing or has a wrong field: {e}") from None
    except ValueError as e:
        raise SaveError(str(e)) from None
    if s.phase is Phase.MATCH_OVER:
        if s.scores[0] == s.scores[1] and not rules.hollywood:
            raise SaveError("a finished match cannot be tied")
        s.final = settle(s.rules, s.scores, s.hands_won, s.history)
    check_state(s)
    return s


def dumps(s: MatchCore) -> str:
    return json.dumps(state_to_dict(s), ensure_ascii=False, indent=1)


def loads(text: str | bytes, cls: type[S]) -> S:
    """A match from a save's text; anything larger than ``MAX_SAVE_BYTES`` is refused unread."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError("a save must be text")
    check_save_size(text)
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise SaveError(f"the save is not valid JSON: {e}") from None
    except RecursionError:
        raise SaveError("the save is not a match: it nests too deeply") from None
    return state_from_dict(data, cls)
