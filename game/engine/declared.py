"""A knock laid out by hand: the knocker's own melds and the defender's chosen layoffs, checked.

At a real table each player lays out their own cards, and a player may lay out less than the best;
``Knock.melds`` and ``Knock.layoffs`` carry those choices.  Each is checked here against the rules (a
meld is a set or a run, a card is used once, the deadwood is within the knock limit, a layoff lands
on one of the knocker's melds as laid out, nothing is laid off against gin) with the reason a screen
can put in words; a choice left out (None) is the engine's best, as ``knock.showdown`` lays it out.
"""
from __future__ import annotations

from .actions import Knock
from .cards import Card, mask_of, mask_value
from .errors import IllegalAction, IllegalReason
from .knock import KnockShowdown, knock_melds, layoffs, showdown
from .melds import Arrangement, best_meld_masks, deadwood_of_mask
from .meldsearch import RUNS_FROM, SETS_FROM

MELD_MASKS = frozenset(m for melds in RUNS_FROM for m in melds) | frozenset(m for sets in SETS_FROM for m in sets)
"""Every set (three or four of a rank) and every run (three or more in a row of one suit)."""


def _refuse(message: str, reason: IllegalReason, params: dict[str, object], action: Knock) -> IllegalAction:
    return IllegalAction(message, reason, params, action)


def knocker_melds(kept: int, action: Knock) -> list[int]:
    """The knocker's melds as masks: the declared ones, else the engine's layout of ``kept``."""
    if action.melds is None:
        return knock_melds(kept)
    return [mask_of(m) for m in action.melds]


def knock_kind(kept: int, action: Knock) -> str:
    """Gin when the knocker's layout (declared or the engine's) leaves no deadwood, else a knock."""
    if action.melds is None:
        return "gin" if deadwood_of_mask(kept) == 0 else "knock"
    used = mask_of(c for m in action.melds for c in m)
    return "gin" if mask_value(kept & ~used) == 0 else "knock"


def why_not_declared(kept: int, defender: int, limit: int, action: Knock) -> IllegalAction | None:
    """Why the knock's declared melds or layoffs break the rules, or None.

    ``kept`` is the knocker's hand after the throw, ``defender`` the defender's hand (both masks).
    """
    if action.melds is not None:
        error = _why_not_melds(kept, limit, action)
        if error is not None:
            return error
    if action.layoffs is not None:
        return _why_not_layoffs(kept, defender, action)
    return None


def _why_not_melds(kept: int, limit: int, action: Knock) -> IllegalAction | None:
    used = 0
    for meld in action.melds or ():
        for c in meld:
            if not kept >> c & 1:
                return _refuse(f"{c} is not in the hand you lay out", IllegalReason.MELD_CARD_NOT_IN_HAND,
                               {"card": c}, action)
            if used >> c & 1:
                return _refuse(f"{c} is laid out twice", IllegalReason.MELD_CARD_TWICE, {"card": c}, action)
            used |= 1 << c
        if mask_of(meld) not in MELD_MASKS or len(meld) != mask_of(meld).bit_count():
            text = " ".join(str(c) for c in meld)
            return _refuse(f"{text} is neither a set nor a run", IllegalReason.MELD_NOT_VALID,
                           {"meld": tuple(meld)}, action)
    left = mask_value(kept & ~used)
    if left > limit:
        return _refuse(f"these melds leave {left} deadwood, the limit is {limit}",
                       IllegalReason.ARRANGEMENT_TOO_MUCH_DEADWOOD, {"deadwood": left, "limit": limit}, action)
    return None


def _why_not_layoffs(kept: int, defender: int, action: Knock) -> IllegalAction | None:
    chosen = 0
    for c in action.layoffs or ():
        if not defender >> c & 1:
            return _refuse(f"{c} is not in the defender's hand", IllegalReason.LAYOFF_NOT_DEFENDERS,
                           {"card": c}, action)
        if chosen >> c & 1:
            return _refuse(f"{c} is laid off twice", IllegalReason.LAYOFF_CARD_TWICE, {"card": c}, action)
        chosen |= 1 << c
    if chosen and knock_kind(kept, action) == "gin":
        return _refuse("nothing can be laid off against gin", IllegalReason.LAYOFF_AFTER_GIN, {}, action)
    placed = mask_of(c for c, _ in layoffs(knocker_melds(kept, action), chosen))
    for c in action.layoffs or ():
        if not placed >> c & 1:
            return _refuse(f"{c} fits none of the knocker's melds", IllegalReason.LAYOFF_NO_PLACE,
                           {"card": c}, action)
    return None


def lay_out(knocker_cards: list[Card], defender_cards: list[Card], kind: str, action: Knock | None) -> KnockShowdown:
    """Both hands laid out after a checked knock: the declared choices where given, the best elsewhere."""
    allow = kind == "knock"
    if action is None or not action.declared:
        return showdown(knocker_cards, defender_cards, allow_layoffs=allow)
    kmask = mask_of(knocker_cards)
    k_melds = knocker_melds(kmask, action)
    if action.layoffs is None:
        return showdown(knocker_cards, defender_cards, allow_layoffs=allow, k_melds=k_melds)
    dmask = mask_of(defender_cards)
    chosen = mask_of(action.layoffs) if allow else 0
    placed = layoffs(k_melds, chosen)
    rest = dmask & ~chosen
    return KnockShowdown(
        Arrangement.from_masks(k_melds, kmask),
        Arrangement.from_masks(best_meld_masks(rest), rest),
        tuple((Card(c), i) for c, i in placed),
        deadwood_of_mask(dmask),
    )


def layout_text(knock: Knock) -> str:
    """The declared choices as a record writes them after the card: ``:3H4H5H.7S7C7D:8S``, ``*`` for none."""
    melds = "*" if knock.melds is None else ".".join("".join(str(c) for c in m) for m in knock.melds)
    laid = "*" if knock.layoffs is None else "".join(str(c) for c in knock.layoffs)
    return f":{melds}:{laid}"


def knock_from_text(text: str) -> Knock:
    """The knock ``TD:3H4H5H:8S`` (its card, then ``layout_text``); ValueError when it is not one."""
    parts = text.split(":")
    if len(text) > 120 or len(parts) != 3 or len(parts[0]) != 2:
        raise ValueError(f"not a knock laid out by hand: {text[:40]!r}")
    melds = None if parts[1] == "*" else tuple(_cards(m) for m in parts[1].split(".") if m)
    laid = None if parts[2] == "*" else _cards(parts[2])
    return Knock(Card.parse(parts[0]), melds, laid)


def _cards(text: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise ValueError(f"not a list of cards: {text[:40]!r}")
    return tuple(Card.parse(text[i:i + 2]) for i in range(0, len(text), 2))
