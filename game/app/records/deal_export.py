"""The fair deal's export: the hands of the history that carry their seal and secret, as the JSON lines
``python3 -m game.verify`` (and ``tools/verify_deal.py``) check (docs/fairness.md), written whole or not
at all to the folder the player chose."""
from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path

from game.app.storage.files import atomic_write
from game.engine.fairness import export_line
from game.engine.record import HandRecord, RecordError

SUFFIX = ".jsonl"


def deal_line(record: HandRecord) -> str | None:
    """One hand's exported fair deal, or None when it has none (seeded, older, or not over); every line
    break inside the seed escaped, so that no reader splits the line there."""
    try:
        return export_line(record.fair_export())
    except RecordError:
        return None


def deal_lines(records: Iterable[HandRecord | None]) -> list[str]:
    return [line for r in records if r is not None and (line := deal_line(r)) is not None]


def picked_folder(text: str) -> Path:
    """The folder the file dialog gave: itself, or the folder of the file picked in it."""
    path = Path(text)
    return path if path.is_dir() else path.parent


def write_deals(folder: Path, lines: list[str], hand_no: int | None = None, when: float | None = None) -> Path:
    """Write the lines to a new file in ``folder``; OSError when it cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    name = f"deals-{stamp}" if hand_no is None else f"deal-{stamp}-hand{hand_no + 1}"
    path = folder / (name + SUFFIX)
    atomic_write(path, "".join(line + "\n" for line in lines))
    return path
