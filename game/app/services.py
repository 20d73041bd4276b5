"""TEMPORARY adapter over the old module-level storage, sound and crash functions (replaced on merge)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .settings import Settings


class _ModuleStore:
    def __init__(self) -> None:
        from . import storage

        self._s = storage
        storage.startup()

    def load_settings(self) -> Settings:
        return self._s.load_settings()

    def save_settings(self, s: Settings) -> None:
        self._s.save_settings(s)

    def save_match(self, state: Any, meta: Any) -> None:
        self._s.save_match(state, meta)

    def clear_match(self) -> None:
        self._s.clear_match()

    def has_match(self) -> bool:
        return self._s.has_match()

    def load_match(self) -> Any:
        return self._s.load_match()

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "") -> None:
        self._s.add_notice(key, aside, detail)

    def take_notices(self) -> list[Any]:
        return self._s.take_notices()

    def flush(self, timeout: float = 5.0) -> bool:
        return self._s.flush(timeout)

    def close(self) -> None:
        self._s.flush()


class SilentStore:
    def load_settings(self) -> Settings:
        return Settings()

    def save_settings(self, s: Settings) -> None:
        pass

    def save_match(self, state: Any, meta: Any) -> None:
        pass

    def clear_match(self) -> None:
        pass

    def has_match(self) -> bool:
        return False

    def load_match(self) -> Any:
        return None

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "") -> None:
        pass

    def take_notices(self) -> list[Any]:
        return []

    def flush(self, timeout: float = 5.0) -> bool:
        return True

    def close(self) -> None:
        pass


class _ModuleSound:
    def __init__(self) -> None:
        from . import sound

        self._m = sound

    def start(self, enabled: bool, volume: float) -> None:
        self._m.init(enabled, volume)

    def play(self, name: str) -> None:
        self._m.play(name)

    def set_enabled(self, enabled: bool) -> None:
        self._m.set_enabled(enabled)

    def set_volume(self, volume: float) -> None:
        self._m.set_volume(volume)

    def close(self) -> None:
        pass


class SilentSound:
    def start(self, enabled: bool, volume: float) -> None:
        pass

    def play(self, name: str) -> None:
        pass

    def set_enabled(self, enabled: bool) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass

    def close(self) -> None:
        pass


class _ModuleCrash:
    def install(self) -> Any:
        from . import crash

        return crash.install()

    def report(self, error: BaseException, context: str = "") -> Path | None:
        from . import crash

        return crash.report(error, context)


class SilentCrash(_ModuleCrash):
    def install(self) -> Any:
        return None


@dataclass
class Services:
    store: Any
    stats: Any
    sound: Any
    crash: Any
    keep: bool = False

    @classmethod
    def for_player(cls) -> Services:
        from .stats import Stats

        return cls(_ModuleStore(), Stats(), _ModuleSound(), _ModuleCrash(), keep=True)

    @classmethod
    def silent(cls) -> Services:
        return cls(SilentStore(), None, SilentSound(), SilentCrash())

    def close(self) -> None:
        self.store.close()
        if self.stats is not None:
            self.stats.close()
            self.stats = None
