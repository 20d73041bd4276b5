"""Fit and finish of the table: each test here failed on the table before its fix."""
from __future__ import annotations

import pygame
from test_app_play import Driver, _close_apps, start_vs_bot  # noqa: F401 (the fixture closes the apps)


def test_the_table_lays_itself_out_again_on_the_resize_frame(monkeypatch):
    d = Driver(monkeypatch)
    start_vs_bot(d, "easy")
    d.wait(lambda: d.top.human_turn())
    for size in ((800, 600), (1920, 1080), (1100, 700)):
        d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        d.frame(1)  # the resize frame itself
        lay = d.app.layout
        table = d.app.table
        screen = d.app.screen.get_rect()
        stock = lay.card_rect(lay.stock_x, lay.pile_y)
        for card in d.top.my_hand():
            sprite = table.sprites[card]
            rect = lay.card_rect(sprite.x, sprite.y, sprite.scale)
            assert screen.contains(rect), (size, card, rect)
            assert not rect.colliderect(stock), (size, card)
            target = table.target_rect(card)
            assert target is not None and abs(rect.centerx - target.centerx) <= 1, (size, card)
