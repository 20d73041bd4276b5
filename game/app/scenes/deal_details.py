"""The deal's details after a sealed hand, on demand from the result: the seal shown before the hand,
the secret revealed now, the player's seed and cut, who cut and who dealt, whether they check out, and
the hand exported for ``python3 -m game.verify`` to a folder the player picks.  Hex digits and the seed
are drawn as they are (Latin digits in every language)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app.lang import text
from game.app.lang.i18n import plural, tr
from game.app.looks.panels import GOLD, INK, INK_DIM, RED, panel, veil
from game.app.matches.fairdeal import grouped
from game.app.matches.match import BOT_SEAT, Match
from game.app.records.deal_export import picked_folder, write_deals
from game.app.stage.scene import Scene

from .cut_details import copy_text
from .folder_dialog import export_start
from .history_files import file_dialog

if TYPE_CHECKING:
    from game.app.stage.scene import Host

log = logging.getLogger(__name__)


class DealDetailsScene(Scene):
    name = "deal_details"
    opaque = False

    def __init__(self, app: Host, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.dialog: pygame_gui.windows.UIFileDialog | None = None

    # ------------------------------------------------------------------ what it shows

    def rows(self) -> list[tuple[str, bool, tuple[int, int, int]]]:
        """(text, literal, colour) per line; empty when the hand has no revealed deal."""
        seal, deal = self.match.seal(), self.match.state.revealed_deal()
        if seal is None or deal is None:
            return []
        ok = seal.check(deal)
        state = self.match.state
        dealer = state.last_result.dealer if state.last_result is not None else state.dealer
        cut_seat = 1 - BOT_SEAT if self.match.vs_bot else 1 - dealer  # the computer never cuts
        rows = [(tr("deal.ok" if ok else "deal.bad"), False, GOLD if ok else RED),
                (tr("deal.seal"), False, INK_DIM)]
        rows += [(grouped(seal.commitment[i:i + 32], 8), True, INK) for i in (0, 32)]
        rows.append((tr("deal.secret"), False, INK_DIM))
        rows += [(grouped(deal.secret.hex()[i:i + 32], 8), True, INK) for i in (0, 32)]
        seed = deal.player_seed if deal.player_seed is not None else ""
        rows.append((tr("deal.seed", seed=seed) if seed else tr("deal.no_seed"), True, INK))
        if deal.link is not None and deal.cut == 0:  # "Cut for me" (version 3): the cut 0, chosen by nobody
            rows.append((tr("deal.cut_game"), False, INK))
        else:  # version 3 counts the cards from 1 as the screen does; older deals from 0
            n = deal.cut if deal.link is not None else deal.cut + 1
            # the player facing the computer reads "You cut", never a capital "You" mid-sentence
            cut = self.match.say("deal.cut", cut_seat, n=n) if seal.by_player else tr(
                "deal.cut", n=n, name=tr("deal.the_game"))
            rows.append((cut, False, INK))
        rows.append((self.match.say("deal.dealt", dealer, hand=deal.hand_no + 1), False, INK))
        return rows

    def export_line(self) -> str | None:
        try:
            return self.match.state.export_hand()
        except ValueError:
            return None

    # ------------------------------------------------------------------ layout

    def panel_rect(self) -> pygame.Rect:
        lay = self.app.layout
        w = min(lay.w - 2 * lay.margin, lay.px(720))
        h = lay.px(36) + round(lay.font(16) * 1.55) * len(self.rows()) + lay.px(24) + lay.button_h + lay.px(20)
        h = min(h, lay.h - 2 * lay.margin)
        return pygame.Rect(round(lay.w / 2 - w / 2), round(lay.h / 2 - h / 2), w, h)

    def build_ui(self) -> None:
        lay = self.app.layout
        r = self.panel_rect()
        keys = [("deal.copy", "#deal_copy", self.copy), ("deal.export", "#deal_export", self.ask_export),
                ("button.close", "#deal_close", self.close)]
        gap = lay.px(12)
        words = max(text.measure(tr(k), lay.font(19))[0] for k, _, _ in keys)
        bw = min(max(round(lay.col_w * 1.1), words + lay.px(36)), (r.width - lay.px(40) - 2 * gap) // 3)
        x = r.centerx - (3 * bw + 2 * gap) / 2
        y = r.bottom - lay.button_h - lay.px(16)
        for i, (key, oid, fn) in enumerate(keys):
            self.button(lay.rect(x + i * (bw + gap), y, bw, lay.button_h), key, oid, fn,
                        class_id="@primary" if oid == "#deal_close" else "@tool")

    # ------------------------------------------------------------------ actions

    def copy(self) -> None:
        line = self.export_line()
        done = line is not None and copy_text(line)
        self.app.toast(tr("deal.copied" if done else "cut.copy_failed"), 3.0)

    def ask_export(self) -> None:
        if self.dialog is None:
            self.dialog = file_dialog(self.app, "history.deals_title", "#deals_dialog",
                                      export_start(self.app.settings.export_folder), True)
            self._own_buttons(False)

    def _own_buttons(self, shown: bool) -> None:
        """The panel's buttons go with the panel while the folder dialog stands in its place."""
        for widget in self.widgets:
            if shown:
                widget.show()
            else:
                widget.hide()

    def export_to(self, folder: str) -> None:
        line = self.export_line()
        if line is None:
            return
        try:  # the engine's hand number, from 0, whatever version wrote the line
            path = write_deals(picked_folder(folder), [line], self.match.state.hand_no)
        except OSError as e:
            log.warning("the deal could not be written: %s", e)
            self.app.toast(tr("history.deals_failed"), 4.0)
            return
        self.app.apply_settings(self.app.settings.with_(export_folder=str(path.parent)))
        self.app.toast(plural("history.deals_saved", 1, folder=path.parent.name or str(path.parent)), 6.0)

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        self.app.pop(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
                self.dialog = None
                self._own_buttons(True)
                self.export_to(event.text)
            elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
                self.dialog = None
                self._own_buttons(True)
            return
        super().handle_event(event)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_d):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        veil(surface)
        if self.dialog is not None:  # the folder dialog takes the panel's place until it closes
            return
        r = self.panel_rect()
        panel(surface, r, radius=lay.px(14))
        line_h = round(lay.font(16) * 1.55)
        y = r.top + lay.px(28)
        for words, literal, colour in self.rows():
            text.draw(surface, words, lay.font(16), colour, (r.centerx, y), bold=colour is GOLD,
                      max_width=r.width - lay.px(32), literal=literal)
            y += line_h
