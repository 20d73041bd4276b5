"""The player's files in one folder: the settings (readable JSON) and the resumable match.

Writes run on the store's own background thread so a frame never waits for the disk; ``flush()``
waits for them (on exit, before loading, and in tests), and an interpreter exit flushes too.
A damaged, empty, hand-edited, oversized or newer-version file never stops the game: it is moved
aside with a timestamp in its name, defaults are used, and a notice (``take_notices()``) tells the
UI to say so.  ``SilentStore`` has the same methods and touches no file (tests, pictures).
"""
from __future__ import annotations

import atexit
import json
import logging
import weakref
from pathlib import Path
from typing import Any

from game.engine import MatchState, Phase, SaveError

from .. import paths
from ..matchmeta import MatchMeta
from ..settings import Settings, settings_from_dict, system_language
from .files import FileTooLarge, Writer, read_limited, remove_stale_temps, set_aside
from .notices import NOTICE_MATCH, NOTICE_SETTINGS, Notice, Notices
from .resume import match_text, parse_match

log = logging.getLogger(__name__)

EXIT_FLUSH_SECONDS = 2.0


def _read_json(path: Path) -> tuple[Any, str | None]:
    """(data, None) or (None, why it is unusable); (None, None) when there is no file."""
    try:
        raw = read_limited(path)
    except FileTooLarge as e:
        return None, str(e)
    except OSError as e:
        return None, f"cannot read: {e}"
    if raw is None:
        return None, None
    if not raw.strip():
        return None, "the file is empty"
    try:
        return json.loads(raw.decode("utf-8")), None
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        return None, f"not valid JSON: {e}"


def _flush_at_exit(ref: weakref.ref[Store]) -> None:
    store = ref()
    if store is not None:
        store.flush(EXIT_FLUSH_SECONDS)


class Store:
    """Settings and the saved match in ``folder`` (which is created on the first write)."""

    def __init__(self, folder: Path) -> None:
        self._folder = Path(folder)
        self._writer = Writer()
        self._notices = Notices()
        ref = weakref.ref(self)
        self._at_exit = lambda: _flush_at_exit(ref)  # holds no reference to the store itself
        atexit.register(self._at_exit)

    @property
    def folder(self) -> Path:
        return self._folder

    @property
    def settings_path(self) -> Path:
        return self._folder / paths.SETTINGS_FILE

    @property
    def match_path(self) -> Path:
        return self._folder / paths.MATCH_FILE

    def startup(self) -> None:
        """Tidy the folder before anything reads it (temporary files of a killed write)."""
        remove_stale_temps(self._folder)

    # --- notices --------------------------------------------------------------------------------

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "") -> None:
        self._notices.add(key, aside, detail)

    def take_notices(self) -> list[Notice]:
        """The notices not shown yet (this store's and those of services reporting here); each once."""
        return self._notices.take()

    # --- settings -------------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings; on the first start, defaults in the system's language.

        Whole-file problems (damaged, empty, too large, not ours, newer) give all defaults; a
        hand-edited file with some bad fields keeps its good fields.  Either way the bad file is
        kept aside, a good one is written, and a ``NOTICE_SETTINGS`` is queued.
        """
        path = self.settings_path
        self._writer.flush()
        data, why = _read_json(path)
        if data is None and why is None:
            return Settings(language=system_language())
        problems: list[str] = []
        settings = Settings()
        if why is None:
            try:
                settings, problems = settings_from_dict(data)
            except ValueError as e:
                why = str(e)
        if why is not None:
            settings = Settings(language=system_language())
            problems = [why]
        if problems:
            aside = self.set_aside(path)
            detail = "; ".join(problems)
            log.warning("settings reset (%s); the old file is %s", detail, aside)
            self.add_notice(NOTICE_SETTINGS, aside, detail)
            self.save_settings(settings)
        return settings

    def save_settings(self, settings: Settings) -> None:
        """Queue an atomic write of the settings (cheap: call it on every change)."""
        text = json.dumps(settings.to_dict(), ensure_ascii=False, indent=2) + "\n"
        self._writer.submit(self.settings_path, text)

    # --- the resumable match --------------------------------------------------------------------

    def save_match(self, state: MatchState, meta: MatchMeta) -> None:
        """Save the running match after an action; a finished match clears the save instead.

        Serialising costs about what the engine's to_json costs; the disk write happens on the writer thread.
        """
        if state.phase is Phase.MATCH_OVER:
            self.clear_match()
            return
        self._writer.submit(self.match_path, match_text(state, meta))

    def clear_match(self) -> None:
        self._writer.submit(self.match_path, None)

    def has_match(self) -> bool:
        """Whether Continue should be offered (a save exists or is about to be written)."""
        pending, text = self._writer.pending(self.match_path)
        if pending:
            return text is not None
        return self.match_path.exists()

    def load_match(self) -> tuple[MatchState, MatchMeta] | None:
        """The saved match to continue, or None.  A bad save is kept aside with a ``NOTICE_MATCH``."""
        self._writer.flush()
        path = self.match_path
        try:
            raw = read_limited(path)
        except FileTooLarge as e:
            self._refuse_match(e)
            return None
        except OSError as e:
            log.warning("cannot read the saved match: %s", e)
            return None
        if raw is None:
            return None
        try:
            if not raw.strip():
                raise SaveError("the save is empty")
            return parse_match(raw)
        except Exception as e:  # anything in an untrusted file means "not usable", never a crash
            self._refuse_match(e)
            return None

    def _refuse_match(self, error: Exception) -> None:
        aside = self.set_aside(self.match_path)
        log.warning("saved match refused (%s); kept as %s", error, aside)
        self.add_notice(NOTICE_MATCH, aside, str(error))

    # --- files ----------------------------------------------------------------------------------

    def set_aside(self, path: Path) -> Path | None:
        """Rename a bad file beside itself with a timestamp (the newest few are kept); the new name."""
        return set_aside(path)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait for pending writes; False when they took longer than ``timeout``."""
        return self._writer.flush(timeout)

    @property
    def write_errors(self) -> int:
        """How many background writes failed (the last good file stays in place)."""
        return self._writer.errors

    def close(self) -> None:
        """Write what is pending and let the writer thread go (the store still works afterwards)."""
        self.flush()
        self._writer.stop()
        atexit.unregister(self._at_exit)


class SilentStore:
    """A store that keeps nothing: default settings, no saved match, no file read or written."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = Path(folder) if folder is not None else Path()
        self._notices = Notices()

    @property
    def folder(self) -> Path:
        return self._folder

    @property
    def settings_path(self) -> Path:
        return self._folder / paths.SETTINGS_FILE

    @property
    def match_path(self) -> Path:
        return self._folder / paths.MATCH_FILE

    def startup(self) -> None:
        pass

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "") -> None:
        self._notices.add(key, aside, detail)

    def take_notices(self) -> list[Notice]:
        return self._notices.take()

    def load_settings(self) -> Settings:
        return Settings()

    def save_settings(self, settings: Settings) -> None:
        pass

    def save_match(self, state: MatchState, meta: MatchMeta) -> None:
        pass

    def clear_match(self) -> None:
        pass

    def has_match(self) -> bool:
        return False

    def load_match(self) -> tuple[MatchState, MatchMeta] | None:
        return None

    def set_aside(self, path: Path) -> Path | None:
        return None

    def flush(self, timeout: float = 5.0) -> bool:
        return True

    @property
    def write_errors(self) -> int:
        return 0

    def close(self) -> None:
        pass
