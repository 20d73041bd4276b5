"""How the game's command-line readers take in a file (``game.verify``, ``game.replay``): one way, so that a
file one of them reads the other reads alike (docs/fairness.md, "Reading a file").

- At most ``MAX_FILE_BYTES``; UTF-8 only; one byte-order mark at the very start is skipped (an editor's),
  anywhere else it is a character like any other.
- A line ends only at LF (``\\n``); CR, U+0085, U+2028 and the other characters some readers take for a
  line end are characters of the line.  A line holding only JSON white space (space, tab, CR) is blank.
- JSON as RFC 8259 writes it: a key twice in one object, ``NaN`` or ``Infinity``, or nesting deeper than
  ``MAX_DEPTH`` is no JSON.  Fields a reader does not know are left alone.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
BOM = "\ufeff"
JSON_SPACE = " \t\r\n"


class ReadError(ValueError):
    """The file cannot be read as text; the message says why, in words a player understands."""


def decode(data: bytes) -> str:
    """The text of a file's bytes (see the module's documentation); ``ReadError`` when it has none."""
    if len(data) > MAX_FILE_BYTES:
        raise ReadError(f"the file is too large (more than {MAX_FILE_BYTES} bytes)")
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise ReadError("the file is not text (UTF-8)") from None
    return text[1:] if text.startswith(BOM) else text


def lines(text: str) -> Iterator[tuple[int, str]]:
    """The file's lines that are not blank, each with its number (from 1)."""
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip(JSON_SPACE):
            yield number, line


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {key[:40]!r} appears twice in one object")
        found[key] = value
    return found


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth(text: str) -> int:
    """The deepest nesting of brackets outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse(text: str) -> Any:
    """One JSON value, strictly (see the module's documentation); ``ValueError`` saying why not."""
    if _depth(text) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
