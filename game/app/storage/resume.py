"""The resumable match's file format: the engine's own JSON with who plays whom, in a versioned envelope."""
from __future__ import annotations

import json
import time
from typing import Any

from game.engine import MatchState, Phase, SaveError

from ..matchmeta import MatchMeta

MATCH_FORMAT = "gin-rummy-resume"
MATCH_VERSION = 1


def _meta(meta: MatchMeta | dict[str, Any]) -> MatchMeta:
    return meta if isinstance(meta, MatchMeta) else MatchMeta.from_dict(meta)


def match_text(state: MatchState, meta: MatchMeta | dict[str, Any]) -> str:
    """The file's text: the engine's own JSON embedded as is (no second encoding pass)."""
    head = json.dumps({"format": MATCH_FORMAT, "version": MATCH_VERSION, "saved_at": time.time(),
                       "meta": _meta(meta).to_dict()}, ensure_ascii=False)
    return head[:-1] + ', "match": ' + state.to_json() + "}\n"


def parse_match(text: str | bytes) -> tuple[MatchState, MatchMeta]:
    """Read a saved match; SaveError with a clear message when it is not usable.

    Anything else an untrusted file may provoke in the engine's loader is possible too: callers treat
    every exception as "not usable".
    """
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise SaveError(f"the save is not valid JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
        raise SaveError("this is not a saved match of this game")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"unknown save version {version!r}")
    if version > MATCH_VERSION:
        raise SaveError(f"the save was written by a newer version of the game ({version})")
    try:
        meta = MatchMeta.from_dict(data.get("meta"))
    except (ValueError, TypeError) as e:
        raise SaveError(f"the save's players are not readable: {e}") from None
    if "match" not in data:
        raise SaveError("the save holds no match")
    state = MatchState.from_dict(data["match"])
    if state.phase is Phase.MATCH_OVER:
        raise SaveError("the saved match is already over")
    return state, meta
