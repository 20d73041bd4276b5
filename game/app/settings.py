"""The player's choices the app reads while running (how they are stored is not this module's job)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

ANIMATION_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}
LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    animation: str = "normal"  # a key of ANIMATION_SPEEDS
    level: str = "medium"  # the default opponent
    preset: str = "van"
    target: int = 100
    turn_timer: int | None = None  # None: the preset's own timer
    four_colour: bool = False
    high_contrast: bool = False
    card_size: str = "normal"  # normal | large
    card_back: str = "blue"  # blue | red
    fullscreen: bool = False
    ask_before_knock: bool = False
    names: tuple[str, str] = ("", "")

    @property
    def speed(self) -> float:
        """Multiplier on every animation's duration (0 = instant)."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    def with_(self, **changes) -> "Settings":
        return replace(self, **changes)

    def to_dict(self) -> dict:
        d = asdict(self)
        d["names"] = list(self.names)
        return d

    @classmethod
    def from_dict(cls, data: dict) -> "Settings":
        """Unknown keys and values of the wrong type are ignored (defaults kept)."""
        base = cls()
        if not isinstance(data, dict):
            return base
        changes = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(base, f.name)
            if f.name == "names":
                if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, str) for v in value):
                    changes["names"] = (value[0][:20], value[1][:20])
            elif f.name == "turn_timer":
                if value is None or (isinstance(value, int) and not isinstance(value, bool)):
                    changes[f.name] = value
            elif type(value) is type(default):
                changes[f.name] = value
        return replace(base, **changes)
