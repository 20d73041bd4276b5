"""What the app is handed when it is made: the player's files, statistics, sound and the crash log.

``Services.for_player()`` gives the real ones, all in the player's data folder; ``Services.silent()``
gives ones that touch no file and no speaker (tests, pictures).  Statistics report a database they
had to reset to the store, so ``store.take_notices()`` has every notice to show.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import paths
from .crash import CrashLog, SilentCrashLog
from .settings import Settings
from .sound import SilentSound, Sound
from .stats import SilentStats, Stats
from .storage import SilentStore, Store

__all__ = ["Services"]


@dataclass
class Services:
    store: Store | SilentStore
    stats: Stats | SilentStats
    sound: Sound | SilentSound
    crash: CrashLog | SilentCrashLog

    @classmethod
    def for_player(cls, folder: Path | None = None, settings_hint: Settings | None = None) -> Services:
        """The real services in ``folder`` (default: the player's data folder), tidied for a start.

        ``settings_hint`` sets the sound's first switch and volume (defaults when None); apply the
        settings the store loads afterwards with ``sound.set_enabled`` and ``sound.set_volume``.
        """
        folder = paths.data_dir() if folder is None else Path(folder)
        hint = settings_hint if settings_hint is not None else Settings()
        store = Store(folder)
        store.startup()
        return cls(store=store,
                   stats=Stats(folder / paths.STATS_FILE, notices=store),
                   sound=Sound(hint.sound, hint.volume),
                   crash=CrashLog(folder, flush=lambda: store.flush(2.0)))

    @classmethod
    def silent(cls) -> Services:
        return cls(store=SilentStore(), stats=SilentStats(), sound=SilentSound(), crash=SilentCrashLog())

    def close(self) -> None:
        """Write what is pending (statistics, then files) and let go of threads, effects and the log."""
        self.stats.close()
        self.store.close()
        self.sound.close()
        self.crash.uninstall()
