"""The resumable match's file format: the engine's own JSON with who plays whom, in a versioned envelope.

Version 2 keeps the match, the hand record and the match's seal sealed (``sealed.py``): no card is
readable in the file.  Version 1 (plain) still loads.  On loading, the hand is bound to its deal
(``bind_deal``): a save whose cards, deal or cut were edited keeps loading, with the hand marked
unverifiable and a notice.  A finished match is saved like any other state, with ``"over": true`` in
the envelope: the match-over marker.  It stands in for the live save the moment the match ends, so a killed game can
never offer the finished match again, and it tells the next start what the statistics must hold.
"""
from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass

from game.app.matches.meta import MatchMeta
from game.engine import IN_PLAY, MAX_SAVE_BYTES, IllegalAction, MatchState, Phase, SaveError
from game.engine.deal_save import NOTICE_CARDS
from game.engine.fairness_chain import MatchSeal
from game.engine.fileformat import FileFormat
from game.engine.record import HandRecord, RecordError
from game.engine.record_fair import DealSeal, deck_order

from .sealed import open_fields, seal_fields

MATCH_FORMAT = "gin-rummy-resume"
MATCH_VERSION = 2
SEALED_SINCE = 2  # the first version that seals the match and binds every hand in play to its deal
RESUME_FILE = FileFormat(MATCH_FORMAT, MATCH_VERSION, not_ours="this is not a saved match of this game",
                         no_version="unknown save version {version}", unknown="unknown save version {version}",
                         newer="the save was written by a newer version of the game ({version})")
MATCH_READ_LIMIT = MAX_SAVE_BYTES + 64 * 1024  # the engine's largest save and the envelope around it


def _meta(meta: MatchMeta | Mapping[str, object]) -> MatchMeta:
    return meta if isinstance(meta, MatchMeta) else MatchMeta.from_dict(meta)


def match_text(state: MatchState, meta: MatchMeta | Mapping[str, object], hand: str | None = None,
               seal: MatchSeal | None = None) -> str:
    """The file's text: the engine's own JSON embedded as is (no second encoding pass).

    ``hand``: the record so far of the hand in play (its JSON), kept with the state it leads to, so a
    resumed match goes on recording that hand whatever the database had time to take in.  ``seal``:
    the match's seal (docs/fairness.md, version 3), so Continue deals on from the same chain.
    """
    head: dict[str, object] = {"format": MATCH_FORMAT, "version": MATCH_VERSION, "saved_at": time.time()}
    if state.phase is Phase.MATCH_OVER:
        head["over"] = True
    head["meta"] = _meta(meta).to_dict()
    body = "{" + ("" if seal is None else '"seal": ' + json.dumps(seal.to_dict()) + ", ")
    if hand is not None:
        body += '"hand": ' + hand + ", "
    head.update(seal_fields(body + '"match": ' + state.to_json() + "}"))
    return json.dumps(head, ensure_ascii=False) + "\n"


_POSITION = ("hands", "stock", "discard", "out_of_play", "upcard", "picks", "phase", "to_act", "turns")


def _replays_to(state: MatchState, record: HandRecord) -> bool:
    """Whether the record's moves, from its deal, lead exactly to ``state``'s cards."""
    at = record.start_state()
    for move in record.moves:
        if at.phase not in IN_PLAY or at.to_act != move.seat:
            return False
        at.apply(move.action, move.seat)
    return all(getattr(at, k) == getattr(state, k) for k in _POSITION)


def _bound(state: MatchState, hand: object, sealed: bool) -> bool:
    """Whether the hand in play is the sealed deal's cards after the recorded moves, with its cut."""
    deal = state.deal
    if deal is None:
        return not sealed and not (isinstance(hand, dict) and hand.get("fair"))  # an older save, or none
    if deal.link is not None and deal.by_player != (deal.cut != 0):
        return False  # version 3: the game's cut is 0, the player's from 1 (docs/fairness.md)
    if hand is None:
        return True  # the engine has checked the upcard and the stock against the deal (a save after an undo)
    record = HandRecord.from_dict(hand)
    if record.hand_no != state.hand_no or record.fair is None:
        return False
    if replace_secret(record.fair) != DealSeal.of(deal) or record.dealer != state.dealer:
        return False
    if deck_order(record.hands, record.upcard, record.stock, record.dealer) != list(deal.order):
        return False
    return _replays_to(state, record)


def replace_secret(seal: DealSeal) -> DealSeal:
    """A recorded deal's seal without its secret, to compare with the deal in play."""
    return DealSeal(seal.version, seal.commitment, seal.cut, seal.player_seed, None, seal.by_player, seal.link)


def bind_deal(state: MatchState, hand: object, sealed: bool) -> None:
    """Mark the hand in play unverifiable (its deal dropped, ``NOTICE_CARDS``) when its cards are not
    its deal's after the recorded moves, its cut was flipped, or (in a sealed save) its deal is gone."""
    if state.deal_notice is not None or state.phase not in (*IN_PLAY, Phase.HAND_OVER):
        return
    if state.phase is Phase.HAND_OVER and not (isinstance(hand, dict) and hand.get("hand") == state.hand_no):
        hand = None  # between hands the save may hold no record, or the last hand's
    try:
        ok = _bound(state, hand, sealed)
    except (RecordError, IllegalAction, SaveError, ValueError, TypeError, KeyError):
        ok = False
    if not ok:
        state.deal, state.deal_notice = None, NOTICE_CARDS


@dataclass(frozen=True)
class SavedMatch:
    """What a match file holds: ``over`` for the match-over marker (``state`` is then the finished
    match when it is readable, else None)."""

    state: MatchState | None
    meta: MatchMeta | None
    over: bool = False
    hand: str | None = None  # the record of the hand in play (JSON), when the save holds one
    seal: object = None  # the match's seal as saved (``MatchSeal.to_dict``), judged when the match resumes


def read_saved(text: str | bytes) -> SavedMatch:
    """Read a match file; SaveError with a clear message when it is neither a usable save nor a marker.

    Anything else an untrusted file may provoke in the engine's loader is possible too: callers treat
    every exception as "not usable".
    """
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise SaveError(f"the save is not valid JSON: {e}") from None
    version = RESUME_FILE.check(data, SaveError)
    if version >= SEALED_SINCE:
        data = open_envelope(data)
    if data.get("over") is True:
        try:
            state = MatchState.from_dict(data["match"])
            meta = MatchMeta.from_dict(data.get("meta"))
        except Exception:  # a marker whose match is unreadable still says: nothing to continue
            return SavedMatch(None, None, over=True)
        if state.phase is not Phase.MATCH_OVER:
            return SavedMatch(None, None, over=True)
        return SavedMatch(state, meta, over=True)
    try:
        meta = MatchMeta.from_dict(data.get("meta"))
    except (ValueError, TypeError) as e:
        raise SaveError(f"the save's players are not readable: {e}") from None
    if "match" not in data:
        raise SaveError("the save holds no match")
    state = MatchState.from_dict(data["match"])
    if state.phase is Phase.MATCH_OVER:
        raise SaveError("the saved match is already over")
    hand = data.get("hand")
    bind_deal(state, hand, version >= SEALED_SINCE)
    return SavedMatch(state, meta, hand=json.dumps(hand) if isinstance(hand, dict) else None, seal=data.get("seal"))


_SEALED = ("seal", "hand", "match")


def open_envelope(data: dict[str, object]) -> dict[str, object]:
    """A sealed envelope with its sealed part opened in place (the match, the hand record, the seal)."""
    body = open_fields(data)
    out = {k: v for k, v in data.items() if k not in ("nonce", "sealed", *_SEALED)}
    out.update((k, body[k]) for k in _SEALED if k in body)
    return out


def seal_envelope(data: dict[str, object]) -> str:
    """The file's text for an opened envelope (``open_envelope``), sealed again: for tools and tests."""
    head = {k: v for k, v in data.items() if k not in _SEALED}
    head.update(seal_fields(json.dumps({k: data[k] for k in _SEALED if k in data})))
    return json.dumps(head, ensure_ascii=False) + "\n"


def parse_match(text: str | bytes) -> tuple[MatchState, MatchMeta]:
    """Read a saved match to continue; SaveError when it is not usable (a match-over marker included)."""
    saved = read_saved(text)
    if saved.over or saved.state is None or saved.meta is None:
        raise SaveError("the saved match is already over")
    return saved.state, saved.meta
