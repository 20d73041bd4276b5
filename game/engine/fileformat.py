"""The head every file of the game starts with (``format`` and ``version``), and its one check.

A file of another kind, one with no usable version, or one written by a newer game is refused with its
own message; an older version is left to the reader to upgrade.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FileFormat:
    """One kind of file.  The messages may name the version found as ``{version}``."""

    name: str  # the ``format`` field
    version: int  # the newest version this game writes and reads
    not_ours: str  # not an object, or another format
    no_version: str  # the version is missing or not a whole number
    unknown: str  # a version below 1
    newer: str = "the file was written by a newer version of the game (format {version})"
    not_object: str = ""  # when set, a file that is no object says this instead of ``not_ours``

    def head(self) -> dict[str, Any]:
        return {"format": self.name, "version": self.version}

    def check(self, data: Any, error: type[Exception]) -> int:
        """The version of ``data``, a parsed file of this kind; ``error`` with the message when it is not."""
        if not isinstance(data, dict):
            raise error(self.not_object or self.not_ours)
        if data.get("format") != self.name:
            raise error(self.not_ours)
        version = data.get("version")
        if type(version) is not int:
            raise error(self.no_version.format(version=repr(version)))
        if version > self.version:
            raise error(self.newer.format(version=version))
        if version < 1:
            raise error(self.unknown.format(version=repr(version)))
        return version
