#!/usr/bin/env python3
"""Draw the game's icon (assets/icon.png): two fanned cards on felt.  Run again to regenerate it."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SIZE = 256


def card(w: int, h: int, rank: str, suit: str, colour) -> pygame.Surface:
    font_path = str(ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf")
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (250, 250, 246), s.get_rect(), border_radius=w // 9)
    pygame.draw.rect(s, (60, 60, 60), s.get_rect(), width=3, border_radius=w // 9)
    small = pygame.font.Font(font_path, w // 4)
    big = pygame.font.Font(font_path, int(w * 0.62))
    s.blit(small.render(rank, True, colour), (w // 12, h // 20))
    pip = big.render(suit, True, colour)
    s.blit(pip, pip.get_rect(center=(w // 2, int(h * 0.58))))
    return s


def main() -> int:
    pygame.font.init()
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, (22, 96, 60), icon.get_rect(), border_radius=44)
    pygame.draw.rect(icon, (14, 70, 44), icon.get_rect(), width=6, border_radius=44)
    back = pygame.transform.rotozoom(card(120, 168, "A", "\u2665", (200, 30, 40)), 14, 1)
    front = pygame.transform.rotozoom(card(120, 168, "K", "\u2660", (20, 20, 20)), -10, 1)
    icon.blit(back, back.get_rect(center=(100, 122)))
    icon.blit(front, front.get_rect(center=(154, 134)))
    out = ROOT / "assets" / "icon.png"
    pygame.image.save(icon, str(out))
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
