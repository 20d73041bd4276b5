"""The player's files in one folder: the settings (readable JSON) and the resumable match.

Writes run on the store's own background thread so a frame never waits for the disk; ``flush()``
waits for them (on exit, before loading, and in tests), and an interpreter exit flushes too.
A damaged, empty, hand-edited, oversized or newer-version file never stops the game: it is moved
aside with a timestamp in its name, defaults are used, and a notice (``take_notices()``) tells the
UI to say so.  A bad file that cannot be moved aside is left exactly as it is and never written
over.  When saving fails (a read-only or full disk) the store says so once (``NOTICE_CANNOT_SAVE``,
or ``take_trouble()`` for a toast during play) and the game goes on; when a write works again (space
came back) the trouble is over and the player hears that too (``NOTICE_SAVING_BACK``, or
``take_saving_back()`` for a toast).
``SilentStore`` has the same methods and touches no file (tests, pictures).
"""
from __future__ import annotations

import atexit
import json
import logging
import weakref
from pathlib import Path

from game.app.config import paths
from game.app.config.settings import Settings, settings_from_dict, system_language
from game.app.matches.meta import MatchMeta
from game.engine import MatchState, Phase, SaveError
from game.engine.fairness_chain import MatchSeal

from .files import (
    Unusable,
    Writer,
    check_kind,
    kept_aside,
    read_limited,
    remove_stale_temps,
    set_aside,
    unwritable,
)
from .notices import (
    NOTICE_FILE_LEFT,
    NOTICE_MATCH,
    NOTICE_SETTINGS,
    Notice,
)
from .resume import MATCH_READ_LIMIT, match_text, read_saved
from .trouble import SavingTrouble

log = logging.getLogger(__name__)

EXIT_FLUSH_SECONDS = 2.0


def _read_json(path: Path) -> tuple[object, str | None]:
    """(data, None) or (None, why it is unusable); (None, None) when there is no file."""
    try:
        raw = read_limited(path)
    except Unusable as e:
        return None, str(e)
    except OSError as e:
        return None, f"cannot read: {e.strerror or e}"
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


class _InFolder:
    """Where a store's files are (or would be)."""

    _folder: Path

    @property
    def folder(self) -> Path:
        return self._folder

    @property
    def settings_path(self) -> Path:
        return self._folder / paths.SETTINGS_FILE

    @property
    def match_path(self) -> Path:
        return self._folder / paths.MATCH_FILE

    @property
    def table_path(self) -> Path:
        return self._folder / paths.TABLE_FILE


class Store(_InFolder):
    """Settings and the saved match in ``folder`` (which is created on the first write)."""

    def __init__(self, folder: Path) -> None:
        self._folder = Path(folder)
        self.trouble = SavingTrouble(self._folder)
        self._writer = Writer(report=self._written)
        self._match_known: bool | None = None  # a resumable match is (about to be) on disk; None: look
        self.saved_hand: str | None = None  # the hand record the last loaded save held
        self.saved_seal: object = None  # the match's seal the last loaded save held, as saved
        ref = weakref.ref(self)
        self._at_exit = lambda: _flush_at_exit(ref)  # holds no reference to the store itself
        atexit.register(self._at_exit)

    def startup(self) -> None:
        """Tidy the folder before anything reads it (temporary files of a killed write), set aside
        what is not a file where a file of ours belongs, and say at once when nothing can be saved.

        Only the copy of the game that holds the folder's lock may call this (``storage.lock``).
        """
        remove_stale_temps(self._folder)
        for path, key in ((self.settings_path, NOTICE_SETTINGS), (self.match_path, NOTICE_MATCH),
                          (self.table_path, NOTICE_MATCH)):
            try:
                check_kind(path)
            except Unusable as e:
                self._unusable(path, key, str(e))
        found = unwritable(self._folder, (self.settings_path, self.match_path, self.table_path))
        if found is not None:
            log.warning("progress cannot be saved in %s (%s)", found[1], found[0])
            self.trouble.seen_at_start(*found)

    def _written(self, path: Path, error: BaseException | None) -> None:
        """The writer's report after each write (on its thread)."""
        if error is not None and path == self.match_path:
            self._match_known = None  # the disk holds what it holds
        self.trouble.written(path, error)

    # --- notices (the store is where every service reports) --------------------------------------

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "", why: str = "") -> None:
        self.trouble.add_notice(key, aside, detail, why)

    def take_notices(self) -> list[Notice]:
        return self.trouble.take_notices()

    def take_trouble(self) -> str | None:
        return self.trouble.take_trouble()

    def take_saving_back(self) -> bool:
        return self.trouble.take_saving_back()

    @property
    def saving_fails(self) -> bool:
        return self.trouble.saving_fails

    def _unusable(self, path: Path, key: str, detail: str) -> Path | None:
        """Set a bad file aside with the notice ``key``; when it cannot be moved, leave it untouched,
        never write over it, and say so instead."""
        aside = set_aside(path)
        if aside is None and kept_aside(path):
            self._writer.guard(path)
            log.warning("%s is unusable (%s) and could not be moved aside: left as it is", path, detail)
            self.add_notice(NOTICE_FILE_LEFT, path, detail)
            return None
        what = "settings reset" if key == NOTICE_SETTINGS else "saved match refused"
        log.warning("%s (%s); the old file is kept as %s", what, detail, aside)
        self.add_notice(key, aside, detail)
        return aside

    # --- settings -------------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings; on the first start, defaults in the system's language.

        Whole-file problems (damaged, empty, too large, not ours, newer) give all defaults; a
        hand-edited file with some bad fields keeps its good fields.  Either way the bad file is
        kept aside, a good one is written, and a ``NOTICE_SETTINGS`` is queued.
        """
        path = self.settings_path
        self._writer.flush()
        if self._writer.guarded(path):
            return Settings(language=system_language())
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
            self._unusable(path, NOTICE_SETTINGS, "; ".join(problems))
            self.save_settings(settings)
        return settings

    def save_settings(self, settings: Settings) -> None:
        """Write the settings atomically before returning (a rename; the sync to the disk follows on the
        writer's thread), so a change the screen shows is never lost to a kill."""
        text = json.dumps(settings.to_dict(), ensure_ascii=False, indent=2) + "\n"
        self._writer.write_now(self.settings_path, text)

    # --- the resumable match --------------------------------------------------------------------

    def save_match(self, state: MatchState, meta: MatchMeta, hand: str | None = None,
                   seal: MatchSeal | None = None) -> None:
        """Save the running match after an action (with ``hand``, the record of the hand in play, and
        ``seal``, the match's seal); a finished match writes the match-over marker.

        Serialising costs about what the engine's to_json costs; the disk write happens on the
        writer thread within moments (the rename comes first, the flush to disk after it).
        """
        text = match_text(state, meta, hand, seal)
        self._match_known = state.phase is not Phase.MATCH_OVER  # before the writer may report a failure
        self._writer.submit(self.match_path, text)

    def clear_match(self) -> None:
        self._match_known = False
        self._writer.submit(self.match_path, None)

    def save_table(self, text: str | None) -> None:  # the table of three or four being played; None: none
        self._writer.submit(self.table_path, text)

    def load_table(self) -> bytes | None:
        """The kept table's text, or None; one that cannot be read is set aside with a ``NOTICE_MATCH``."""
        self._writer.flush()
        try:
            return read_limited(self.table_path, MATCH_READ_LIMIT)
        except (Unusable, OSError) as e:
            self._unusable(self.table_path, NOTICE_MATCH, str(e))
            return None

    def refuse_table(self, error: BaseException) -> None:
        self._unusable(self.table_path, NOTICE_MATCH, str(error) or type(error).__name__)

    def has_match(self) -> bool:
        """Whether Continue should be offered (a save exists or is about to be written)."""
        if self._writer.guarded(self.match_path):
            return False
        known = self._match_known
        if known is not None:
            return known
        return self.match_path.is_file()

    def load_match(self) -> tuple[MatchState, MatchMeta] | None:
        """The saved match to continue, or None.  A bad save is kept aside with a ``NOTICE_MATCH``;
        the match-over marker is no match to continue."""
        self._writer.flush()
        path = self.match_path
        if self._writer.guarded(path):
            return None
        try:
            raw = read_limited(path, MATCH_READ_LIMIT)
        except (Unusable, OSError) as e:
            self.refuse_match(e)
            return None
        if raw is None:
            self._match_known = None
            return None
        try:
            if not raw.strip():
                raise SaveError("the save is empty")
            saved = read_saved(raw)
        except Exception as e:  # anything in an untrusted file means "not usable", never a crash
            self.refuse_match(e)
            return None
        if saved.over or saved.state is None or saved.meta is None:
            self._match_known = False
            return None
        self.saved_hand = saved.hand
        self.saved_seal = saved.seal
        return saved.state, saved.meta

    def take_finished_match(self) -> tuple[MatchState, MatchMeta] | None:
        """The finished match of a match-over marker on disk, for the statistics to make sure of it;
        None when there is none (anything else on disk is left for ``load_match`` to judge)."""
        self._writer.flush()
        try:
            raw = read_limited(self.match_path, MATCH_READ_LIMIT)
            saved = read_saved(raw) if raw else None
        except Exception:
            return None
        if saved is None or not saved.over:
            return None
        self._match_known = False
        if saved.state is None or saved.meta is None:
            return None
        return saved.state, saved.meta

    def saved_match_id(self) -> str | None:
        """The id of the match on disk (live or over), read from its envelope alone; None when unreadable."""
        self._writer.flush()
        try:
            raw = read_limited(self.match_path, MATCH_READ_LIMIT)
            data = json.loads(raw) if raw else None
            match_id = data["meta"]["match_id"] if isinstance(data, dict) else None
        except Exception:  # judged by ``load_match`` when it is read for real
            return None
        return match_id if isinstance(match_id, str) and match_id else None

    def refuse_match(self, error: BaseException) -> None:
        """The saved match cannot be continued: keep it aside with a ``NOTICE_MATCH`` (never delete it)."""
        self._unusable(self.match_path, NOTICE_MATCH, str(error) or type(error).__name__)
        self._match_known = None

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
        """Write what is pending, to the disk itself, and let the writer go (the store still works afterwards)."""
        self._writer.flush(durable=True)
        self._writer.stop()
        atexit.unregister(self._at_exit)
