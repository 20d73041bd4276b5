"""What the settings screen draws besides its widgets: the picture of the chosen cards on the chosen cloth,
and the rules page's notes."""
from __future__ import annotations

import pygame

from game.app.config.settings import Settings
from game.app.lang import text
from game.app.lang.i18n import tr
from game.app.looks import cardart, felt
from game.app.looks.cardart import CardStyle
from game.app.looks.layout import Layout
from game.app.looks.panels import INK, INK_DIM, panel
from game.app.stage.scene import Host


def draw_preview(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, settings: Settings) -> None:
    """The chosen cards on the chosen cloth, at the chosen size."""
    style = CardStyle(four_colour=settings.four_colour, high_contrast=settings.high_contrast,
                      back=settings.card_back, face=settings.card_face)
    panel(surface, rect, radius=lay.px(14))
    inner = rect.inflate(-lay.px(16), -lay.px(16))
    surface.blit(felt.preview(settings.felt, inner.size), inner)
    scale = 1.12 if settings.card_size == "large" else 1.0
    ch = min(round(inner.height * 0.62 * scale), round(inner.width / 2.6 * 1.4))
    cw = round(ch / 1.4)
    pic = cardart.preview((cw, ch), style)
    surface.blit(pic, pic.get_rect(center=inner.center))
    text.draw(surface, tr("settings.preview"), lay.font(13), INK_DIM, (inner.centerx, inner.bottom - lay.px(12)),
              max_width=inner.width - lay.px(8))


def draw_rules_notes(surface: pygame.Surface, app: Host, rows: list[pygame.Rect]) -> None:
    """When the rules apply (the next match), and what the first upcard offer in force means (Classic and
    Hoyle differ after two passes), where there is room for it."""
    lay = app.layout
    note = tr("settings.rules_next_match")
    match = app.nav.match
    if match is not None and match.rules != app.settings.rules:
        note = tr("settings.rules_differ")
    y = lay.h - round(lay.button_h * 1.15) - lay.px(34)
    text.draw(surface, note, lay.font(15), INK_DIM, (lay.w / 2, y), max_width=lay.w - 2 * lay.margin)
    offer = tr("settings.upcard_offer.explain." + app.settings.rules.upcard_offer)
    area = pygame.Rect(lay.margin, max((r.bottom for r in rows), default=0) + lay.px(12),
                       lay.w - 2 * lay.margin, 0)
    area.height = y - lay.px(14) - area.top
    if len(text.wrap(offer, lay.font(15), area.width)) * int(lay.font(15) * 1.3) <= area.height:
        text.draw_wrapped(surface, offer, lay.font(15), INK, area, align="center", line_gap=1.3)
