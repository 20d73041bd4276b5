"""Card art timings: every face painted ahead of need at the card sizes of two window sizes, the felt.

    python bench/bench_cards.py [--repeats 3] [--sheet cards.png]

``--sheet`` also writes a contact sheet: all 52 faces, the backs and the felts at two card sizes,
in each face design and colour option, to look at.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.app.looks import cardart, cardfaces, facelayout, felt
from game.app.looks.cardart import CardStyle
from game.app.looks.surfcache import CACHE, MB
from game.app.shell.layout import Layout
from game.engine import Card


def card_size(window: tuple[int, int], large: bool = False) -> tuple[int, int]:
    lay = Layout(window, large)
    return lay.cw, lay.ch


def time_prerender(size: tuple[int, int], style: CardStyle, repeats: int) -> tuple[float, float, float]:
    """Seconds for the worker to paint all 52 faces and the back: from nothing (the art files read
    too), and at the next size up (a resized window: the art already read); and the slowest face."""
    cold = warm = float("inf")
    lay = facelayout.layout(size[0], size[1], style.face, style.high_contrast)
    glyphs = cardfaces.glyphs(lay)
    nxt = (size[0] + 2, size[1] + 3)
    cardfaces.glyphs(facelayout.layout(nxt[0], nxt[1], style.face, style.high_contrast))
    for _ in range(repeats):
        CACHE.clear()
        t = time.perf_counter()
        cardart.prerender(size, style)
        cardart.wait()
        cold = min(cold, time.perf_counter() - t)
        assert cardart.ready(size, style)
        t = time.perf_counter()
        cardart.prerender(nxt, style)
        cardart.wait()
        warm = min(warm, time.perf_counter() - t)
    slowest = 0.0
    for i in range(52):
        t = time.perf_counter()
        cardfaces.paint(Card(i), lay, style.four_colour, glyphs)
        slowest = max(slowest, time.perf_counter() - t)
    return cold, warm, slowest


def time_felt(size: tuple[int, int], name: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        CACHE.clear()
        t = time.perf_counter()
        felt.surface(size, name)
        best = min(best, time.perf_counter() - t)
    return best


def time_quick(size: tuple[int, int], style: CardStyle) -> float:
    """Seconds for a frame that needs a court face not painted yet (its quick form)."""
    CACHE.clear()
    t = time.perf_counter()
    cardart.face(Card.parse("KH"), size[0], size[1], style)
    took = time.perf_counter() - t
    cardart.wait()
    return took


def sheet(path: Path) -> None:
    """All faces, backs and felts at two card sizes, in each design and colour option."""
    rows = []
    for size in ((60, 87), (120, 174)):
        for style in (CardStyle(), CardStyle(four_colour=True), CardStyle(high_contrast=True),
                      CardStyle(face="large_print")):
            cardart.prerender(size, style)
            cardart.wait()
            rows.append((size, [cardart.face(Card(i), *size, style) for i in range(52)]))
        rows.append((size, [cardart.back(*size, CardStyle(back=b)) for b in cardart.BACKS]
                     + [cardart.back(*size, CardStyle(back=b, high_contrast=True)) for b in cardart.BACKS]))
    gap = 6
    width = max(13 * (s[0] + gap) for s, _ in rows) + gap
    height = sum(4 * (s[1] + gap) for s, cards in rows if len(cards) == 52)
    height += sum(s[1] + gap for s, cards in rows if len(cards) != 52) + gap
    felts_h = 220
    out = pygame.Surface((width, height + felts_h))
    out.blit(felt.surface((width, height), "green"), (0, 0))
    y = gap
    for (w, h), cards in rows:
        for i, img in enumerate(cards):
            r, c = divmod(i, 13)
            out.blit(img, (gap + c * (w + gap), y + r * (h + gap)))
        y += ((len(cards) + 12) // 13) * (h + gap)
    fw = (width - gap * 4) // 3
    for i, name in enumerate(felt.FELTS):
        out.blit(felt.surface((fw, felts_h - gap), name), (gap + i * (fw + gap), height))
    pygame.image.save(out, str(path))
    print(f"sheet: {path} ({width}x{height + felts_h})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args()
    pygame.init()
    pygame.display.set_mode((320, 240))
    print(f"{'window':>10} {'card':>8} {'face':>12} {'all 52 + back, cold':>20} {'next size':>10} "
          f"{'slowest face':>13} {'quick court':>12}")
    for window in ((1280, 720), (1920, 1080)):
        for large in (False, True):
            size = card_size(window, large)
            for style in (CardStyle(), CardStyle(face="large_print")):
                cold, warm, slowest = time_prerender(size, style, args.repeats)
                quick = time_quick(size, style)
                print(f"{window[0]}x{window[1]:<5} {size[0]}x{size[1]:<4} {style.face:>12} {cold * 1000:17.0f} ms "
                      f"{warm * 1000:7.0f} ms {slowest * 1000:10.1f} ms {quick * 1000:9.1f} ms")
    for window in ((1280, 720), (1920, 1080), (3840, 2160)):
        for name in felt.FELTS:
            print(f"felt {name:>8} {window[0]}x{window[1]}: {time_felt(window, name, args.repeats) * 1000:6.1f} ms")
    print(f"cache: {CACHE.nbytes / MB:.1f} MB of a {CACHE.budget / MB:.0f} MB budget")
    if args.sheet:
        sheet(args.sheet)


if __name__ == "__main__":
    main()
