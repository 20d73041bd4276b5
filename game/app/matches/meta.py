"""Who plays whom in a match: what the app needs besides the engine state to resume it and to keep statistics."""
from __future__ import annotations

import uuid
from dataclasses import dataclass

from game.app.config.vocab import LEVELS, MODES, NAME_MAX, Level, Mode


@dataclass(frozen=True)
class MatchMeta:
    """``mode`` is bot, hotseat or online; ``bot_level`` and ``bot_seat`` are set only against a bot;
    ``names`` are the two seats' names (a bot's name may be empty: the UI names it); ``seat`` is the person at
    this screen in an online match (the host's 0, the guest's 1), 0 otherwise.  ``match_id``
    tells matches apart in the statistics, so a hand replayed after a crash is not counted twice.
    """

    mode: Mode
    names: tuple[str, str] = ("", "")
    bot_level: Level | None = None
    bot_seat: int | None = None
    match_id: str = ""
    seat: int = 0

    def __post_init__(self) -> None:
        if not self.match_id:
            object.__setattr__(self, "match_id", uuid.uuid4().hex)
        if not isinstance(self.match_id, str) or len(self.match_id) > 64 or not self.match_id.isalnum():
            raise ValueError("match_id must be a short letters-and-digits string")
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        names = self.names
        if not (isinstance(names, (tuple, list)) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            raise ValueError("names must be two strings")
        object.__setattr__(self, "names", tuple(n[:NAME_MAX] for n in names))
        if self.mode == "bot":
            if self.bot_level not in LEVELS:
                raise ValueError(f"bot_level must be one of {LEVELS}, not {self.bot_level!r}")
            if isinstance(self.bot_seat, bool) or self.bot_seat not in (0, 1):
                raise ValueError(f"bot_seat must be 0 or 1, not {self.bot_seat!r}")
        elif self.bot_level is not None or self.bot_seat is not None:
            raise ValueError("a match of two people has no bot")
        if isinstance(self.seat, bool) or self.seat not in ((0, 1) if self.mode == "online" else (0,)):
            raise ValueError(f"seat must be 0 or 1 online, else 0, not {self.seat!r}")

    @property
    def human_seat(self) -> int:
        """The seat whose record the statistics keep: the human against a bot, this screen's online, else seat 0."""
        if self.mode == "bot" and self.bot_seat is not None:
            return 1 - self.bot_seat
        return self.seat

    @property
    def opponent_key(self) -> str:
        """Statistics group matches by this: the bot's level, ``hotseat:<the other player's name>``, or
        ``online:<the friend's name>``."""
        if self.mode == "bot":
            return str(self.bot_level)
        if self.mode == "online":
            return "online:" + (self.names[1 - self.seat].strip() or "?")
        return "hotseat:" + (self.names[1].strip() or "?")

    def to_dict(self) -> dict[str, object]:
        return {"mode": self.mode, "names": list(self.names), "bot_level": self.bot_level,
                "bot_seat": self.bot_seat, "match_id": self.match_id}

    @classmethod
    def from_dict(cls, d: object) -> MatchMeta:
        """The meta from its JSON form; ValueError (or TypeError) when it is not usable."""
        if not isinstance(d, dict):
            raise ValueError("meta must be an object")
        if "mode" not in d:
            raise ValueError("meta is missing the mode")
        names = d.get("names", ["", ""])
        if isinstance(names, list):
            names = tuple(names)
        return cls(mode=d["mode"], names=names, bot_level=d.get("bot_level"), bot_seat=d.get("bot_seat"),
                   match_id=d.get("match_id") or "")
