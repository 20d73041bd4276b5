"""A picture of the tour is the same every time it is made, so two trees can be compared pixel for pixel."""
import pygame
import pytest

from game.app.pictures.fairshots import render_fair_deal

pytestmark = pytest.mark.usefixtures("close_apps")


@pytest.mark.slow
def test_the_fair_deal_pictures_come_out_the_same_twice(tmp_path):
    """The cut's marker starts at a card chosen at random in play; the pictures fix it."""
    first = render_fair_deal(tmp_path / "a")
    second = render_fair_deal(tmp_path / "b")
    assert [p.name for p in first] == [p.name for p in second] and any(p.name == "21_cut.png" for p in first)
    for a, b in zip(first, second, strict=True):
        assert pygame.image.tobytes(pygame.image.load(str(a)), "RGB") == \
            pygame.image.tobytes(pygame.image.load(str(b)), "RGB"), a.name
