"""The history file: a header line, then one hand record per line (``docs/history.md``).

What another copy of the game opens to replay a match or a hand.  Each line is checked on its own, so
one damaged hand leaves the others readable.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .fileformat import FileFormat
from .record import HandRecord, replay
from .record_checks import RecordError, pair_of, seat_of
from .textfile import ReadError, decode, lines, parse

FILE_FORMAT = "gin-rummy-history"
FILE_VERSION = 1
HISTORY_FILE = FileFormat(FILE_FORMAT, FILE_VERSION, not_ours="this is not a Gin Rummy history file",
                          no_version="the history file has no version", unknown="the history file has no version")
MAX_FILE_HANDS = 2000
MAX_TEXT = 64  # names, ids and labels in a file header


@dataclass(frozen=True)
class FileHeader:
    """The first line of a history file: which match the hands come from and whose side they are seen from.

    ``seat`` is the recorded player's seat; ``names`` are the two seats' names (seat 0 first; empty
    when a seat is the computer, which ``opponent`` names, e.g. ``hard``, or ``hotseat``);
    ``mode`` is ``bot`` or ``hotseat``; ``when`` is when the match was played (seconds since 1970);
    ``scores`` the match's scores after its last recorded hand; ``finished`` whether it was over;
    ``practice`` whether a move was taken back.
    """

    match: str
    seat: int = 0
    names: tuple[str, str] = ("", "")
    opponent: str = ""
    mode: str = "bot"
    when: float = 0.0
    scores: tuple[int, int] = (0, 0)
    finished: bool = False
    practice: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"format": FILE_FORMAT, "version": FILE_VERSION, "match": self.match, "seat": self.seat,
                "names": list(self.names), "opponent": self.opponent, "mode": self.mode, "when": self.when,
                "scores": list(self.scores), "finished": self.finished, "practice": self.practice}

    @classmethod
    def from_dict(cls, d: Any) -> FileHeader:
        HISTORY_FILE.check(d, RecordError)
        match = d.get("match")
        if not isinstance(match, str) or not match or len(match) > MAX_TEXT or not match.isalnum():
            raise RecordError("the match id must be a short letters-and-digits string")
        names = d.get("names", ["", ""])
        if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            raise RecordError("names must be two strings")
        opponent, mode = d.get("opponent", ""), d.get("mode", "bot")
        if not isinstance(opponent, str) or mode not in ("bot", "hotseat"):
            raise RecordError("the opponent must be text and the mode bot or hotseat")
        when = d.get("when", 0.0)
        if isinstance(when, bool) or not isinstance(when, (int, float)) or not math.isfinite(when) or when < 0:
            raise RecordError("the date must be a number of seconds")
        finished, practice = d.get("finished", False), d.get("practice", False)
        if not isinstance(finished, bool) or not isinstance(practice, bool):
            raise RecordError("finished and practice must be true or false")
        return cls(match=match, seat=seat_of(d.get("seat", 0), "seat"),
                   names=(names[0][:MAX_TEXT], names[1][:MAX_TEXT]), opponent=opponent[:MAX_TEXT], mode=str(mode),
                   when=float(when), scores=pair_of(d.get("scores", [0, 0]), "scores", 10**6),
                   finished=finished, practice=practice)


@dataclass(frozen=True)
class LoadedFile:
    """A history file as read: its header, the hands that replay, and what was wrong with the others."""

    header: FileHeader
    hands: tuple[HandRecord, ...]
    problems: tuple[str, ...] = ()


def dump_file(header: FileHeader, records: Iterable[HandRecord]) -> str:
    """The text of a history file: the header line, then one line per hand."""
    lines = [json.dumps(header.to_dict(), ensure_ascii=False, separators=(",", ":"))]
    lines += [r.to_json() for r in records]
    return "\n".join(lines) + "\n"


def load_file(text: str | bytes) -> LoadedFile:
    """Read a history file.  A damaged header or a file without a single usable hand raises ``RecordError``;
    a damaged hand line is left out and named in ``problems`` (with its line number)."""
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    if not isinstance(text, (bytes, bytearray)):
        raise RecordError("a history file must be text")
    try:
        found = list(lines(decode(text)))  # read as game.verify reads (textfile.py)
    except ReadError as e:
        raise RecordError(str(e)) from None
    if not found:
        raise RecordError("the file is empty")
    if len(found) > MAX_FILE_HANDS + 1:
        raise RecordError(f"the file holds more than {MAX_FILE_HANDS} hands")
    try:
        head = parse(found[0][1])
    except (ValueError, RecursionError):
        raise RecordError("the first line is not a history file's header") from None
    header = FileHeader.from_dict(head)
    hands: list[HandRecord] = []
    problems: list[str] = []
    seen: set[int] = set()
    for n, line in found[1:]:
        try:
            record = HandRecord.from_json(line)
            replay(record)
            if not record.complete:
                raise RecordError("the hand is not finished")
            if record.hand_no in seen:
                raise RecordError(f"hand {record.hand_no + 1} appears twice")
        except RecordError as e:
            problems.append(f"line {n}: {e}")
            continue
        seen.add(record.hand_no)
        hands.append(record)
    if not hands:
        raise RecordError("the file holds no usable hand" + (f" ({problems[0]})" if problems else ""))
    hands.sort(key=lambda r: r.hand_no)
    return LoadedFile(header, tuple(hands), tuple(problems))
