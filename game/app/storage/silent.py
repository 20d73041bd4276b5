"""A store that keeps nothing, for tests, pictures and benchmarks: default settings, no saved match, no file
read or written; the same calls as ``Store``."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.app.config.settings import Settings

from .notices import Notices
from .store import _InFolder

if TYPE_CHECKING:
    from game.app.matches.meta import MatchMeta
    from game.engine import MatchState
    from game.engine.fairness_chain import MatchSeal

    from .notices import Notice


class SilentStore(_InFolder):
    """A store that keeps nothing: default settings, no saved match, no file read or written."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = Path(folder) if folder is not None else Path()
        self.saved_hand: str | None = None
        self.saved_seal: object = None
        self._notices = Notices()

    def startup(self) -> None:
        pass

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "", why: str = "") -> None:
        self._notices.add(key, aside, detail, why)

    def take_notices(self) -> list[Notice]:
        return self._notices.take()

    def take_trouble(self) -> str | None:
        return None

    def take_saving_back(self) -> bool:
        return False

    @property
    def saving_fails(self) -> bool:
        return False

    def load_settings(self) -> Settings:
        return Settings()

    def save_settings(self, settings: Settings) -> None:
        pass

    def save_match(self, state: MatchState, meta: MatchMeta, hand: str | None = None,
                   seal: MatchSeal | None = None) -> None:
        pass

    def clear_match(self) -> None:
        pass

    def save_table(self, text: str | None) -> None:
        pass

    def load_table(self) -> bytes | None:
        return None

    def refuse_table(self, error: BaseException) -> None:
        pass

    def has_match(self) -> bool:
        return False

    def load_match(self) -> tuple[MatchState, MatchMeta] | None:
        return None

    def take_finished_match(self) -> tuple[MatchState, MatchMeta] | None:
        return None

    def saved_match_id(self) -> str | None:
        return None

    def refuse_match(self, error: BaseException) -> None:
        pass

    def set_aside(self, path: Path) -> Path | None:
        return None

    def flush(self, timeout: float = 5.0) -> bool:
        return True

    @property
    def write_errors(self) -> int:
        return 0

    def close(self) -> None:
        pass
