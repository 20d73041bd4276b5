"""The scene protocol (enter/exit, events, fixed-step update, draw; widgets built from the layout) and
what a scene may ask of the program around it.

Scenes never import the application module: they are handed a ``Host`` (the window, the layout, the
table, the settings, the scene stack, toasts, cues, the worker thread) and ask for the next screen
through its ``nav`` (a ``Navigator``) by intent.  Keeping these as protocols is what lets the
scenes, the flow between them and the loop that runs them import each other in one direction only.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.app.lang import i18n
from game.app.lang.i18n import tr

if TYPE_CHECKING:
    from game.app.animation.table import CardTable
    from game.app.config.settings import Settings
    from game.app.looks.cardart import CardStyle
    from game.app.looks.layout import Layout
    from game.app.matches.match import BotKit, Match, MatchSetup
    from game.app.matches.netlobby import LinkKit
    from game.app.matches.tablerun import TableRun, TableSetup
    from game.app.records.history import History, MatchEntry
    from game.app.stage.services import Services
    from game.app.storage.notices import Notice
    from game.engine import Card, HandResult, Opponent
    from game.engine.daily import DailyDeal
    from game.engine.fairness_chain import MatchSeal
    from game.engine.record import HandRecord
    from game.net.session import Session

T = TypeVar("T")

class HandView(Protocol):
    """The display order and sort mode of each seat's hand, kept across the scenes of a session."""

    order: list[list[Card]]
    sort: list[str]


class TableNavigator(Protocol):
    """Game night's ways between screens (``nav.tables``): the setup, a table's sheet and duels, the day's deal."""

    run: TableRun | None  # the table of three or four in play
    daily: DailyDeal | None  # the deal of the day in play

    def show_game_night(self) -> None: ...

    def start_table(self, setup: TableSetup) -> None: ...

    def show_sheet(self) -> None: ...

    def play_duel(self) -> None: ...

    def deal_sealed(self) -> None: ...

    def saved_line(self) -> str | None: ...

    def drop_saved(self) -> None: ...

    def continue_kept(self) -> bool: ...

    def start_daily(self, deal: DailyDeal) -> None: ...


class Navigator(Protocol):
    """The ways to move between screens.  Each call replaces or covers the current scene."""

    match: Match | None
    seed: int | None  # when set, matches are dealt from seed+1, seed+2, ... (tests, pictures)
    fair: bool | None  # sealed deals cut by the player; None: whenever not seeded
    new_seal: Callable[[int], MatchSeal]  # a match's seal from its first hand (the operating system's randomness)
    menu_choice: Opponent | None  # the opponent last chosen in the menu, offered again when it comes back
    net_kit: LinkKit | None  # the network calls of play over the network (None: the real ones)

    @property
    def hand_view(self) -> HandView: ...

    def to_menu(self) -> None: ...

    def next_seed(self) -> int: ...

    def start_match(self, setup: MatchSetup, practice: bool = False) -> None: ...

    def has_saved_match(self) -> bool: ...

    def continue_match(self) -> bool: ...

    def start_deal(self, match: Match) -> None: ...

    def next_hand(self, match: Match) -> None: ...

    def deal_next_hand(self, match: Match) -> None: ...

    def show_table_sheet(self) -> None: ...

    @property
    def tables(self) -> TableNavigator: ...

    def begin_play(self, match: Match) -> None: ...

    def show_curtain(self, play: Scene, seat: int) -> None: ...

    def show_result(self, match: Match, viewer: int | None) -> None: ...

    def show_match_over(self, match: Match) -> None: ...

    def show_settings(self) -> None: ...

    def show_network(self, mode: str = "host") -> None: ...

    def play_network(self, session: Session) -> None: ...

    def show_lesson(self) -> None: ...

    def show_error(self, log_path: Path | None) -> None: ...

    def pause(self) -> None: ...

    def take_notices(self) -> list[Notice]: ...

    def history(self) -> History: ...

    def show_history(self) -> None: ...

    def show_replay(self, entry: MatchEntry, record: HandRecord, coach: bool = False,
                    earlier: Sequence[HandResult | HandRecord] = ()) -> None: ...

    def can_coach(self, match: Match) -> bool: ...

    def show_coach(self, match: Match) -> None: ...

    def can_undo(self, match: Match) -> bool: ...

    def undo(self) -> bool: ...


class Host(Protocol):
    """The running program as a scene sees it."""

    layout: Layout
    ui: pygame_gui.UIManager
    table: CardTable
    settings: Settings
    services: Services
    nav: Navigator
    time: float
    running: bool
    pace: float  # the animation time multiplier (0: no animation); the one reader and writer of it
    first_match_guide: bool

    @property
    def stack(self) -> list[Scene]: ...

    @property
    def top(self) -> Scene | None: ...

    @property
    def card_style(self) -> CardStyle: ...

    @property
    def bots(self) -> BotKit: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self, scene: Scene | None = None) -> None: ...

    def replace_top(self, scene: Scene) -> None: ...

    def set_scene(self, scene: Scene) -> None: ...

    def toast(self, message: str, seconds: float = 2.6) -> None: ...

    def cue(self, name: str) -> None: ...

    def think(self, fn: Callable[..., T], *args: object) -> Future[T]: ...

    def apply_settings(self, settings: Settings) -> None: ...

    def save_screenshot(self, path: str | Path | None = None, announce: bool = True) -> Path: ...

    def draw(self) -> None: ...

    @property
    def screen(self) -> pygame.Surface: ...


class Scene:
    opaque = True  # covers the whole screen, so scenes below are not drawn
    curtain = False  # stands between people: no toast or tooltip of the player before is drawn over it
    name = "scene"

    def __init__(self, app: Host) -> None:
        self.app = app
        self.widgets: list[pygame_gui.core.UIElement] = []
        self.actions: dict[object, Callable[[], None]] = {}
        self.covered = False

    # ------------------------------------------------------------------ life cycle

    def enter(self) -> None:
        self.build_ui()

    def exit(self) -> None:
        self.clear_ui()

    def cover(self) -> None:
        self.covered = True
        for w in self.widgets:
            w.hide()

    def uncover(self) -> None:
        self.covered = False
        self.rebuild_ui()

    def resize(self) -> None:
        self.rebuild_ui()

    def rebuild_ui(self) -> None:
        self.clear_ui()
        self.build_ui()
        if self.covered:
            for w in self.widgets:
                w.hide()

    def clear_ui(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets.clear()
        self.actions.clear()

    def build_ui(self) -> None:
        """Create this scene's widgets for the current layout."""

    # ------------------------------------------------------------------ widgets

    def button(self, rect: pygame.Rect, key: str, object_id: str, action: Callable[[], None],
               class_id: str | None = None, text: str | None = None,
               tip: str | None = None) -> pygame_gui.elements.UIButton:
        b = pygame_gui.elements.UIButton(
            relative_rect=rect, text=text if text is not None else i18n.widget_text(tr(key)), manager=self.app.ui,
            object_id=ObjectID(class_id=class_id, object_id=object_id), tool_tip_text=tip)
        self.widgets.append(b)
        self.actions[b] = action
        return b

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            fn = self.actions.get(event.ui_element)
            if fn is not None:
                fn()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
