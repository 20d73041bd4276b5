"""The resumable match's file format: the engine's own JSON with who plays whom, in a versioned envelope.

A finished match is saved like any other state, with ``"over": true`` in the envelope: the
match-over marker.  It stands in for the live save the moment the match ends, so a killed game can
never offer the finished match again, and it tells the next start what the statistics must hold.
"""
from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass

from game.app.matches.meta import MatchMeta
from game.engine import MAX_SAVE_BYTES, MatchState, Phase, SaveError
from game.engine.fairness_chain import MatchSeal
from game.engine.fileformat import FileFormat

MATCH_FORMAT = "gin-rummy-resume"
MATCH_VERSION = 1
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
    if seal is not None:
        head["seal"] = seal.to_dict()
    text = json.dumps(head, ensure_ascii=False)[:-1]
    if hand is not None:
        text += ', "hand": ' + hand
    return text + ', "match": ' + state.to_json() + "}\n"


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
    RESUME_FILE.check(data, SaveError)
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
    return SavedMatch(state, meta, hand=json.dumps(hand) if isinstance(hand, dict) else None, seal=data.get("seal"))


def parse_match(text: str | bytes) -> tuple[MatchState, MatchMeta]:
    """Read a saved match to continue; SaveError when it is not usable (a match-over marker included)."""
    saved = read_saved(text)
    if saved.over or saved.state is None or saved.meta is None:
        raise SaveError("the saved match is already over")
    return saved.state, saved.meta
