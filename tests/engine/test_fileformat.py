"""The one check of a file's head: another kind of file, a missing or odd version and a newer file are refused."""
import pytest

from game.engine.fileformat import FileFormat

KIND = FileFormat("gin-rummy-test", 2, not_ours="not ours", no_version="no version {version}",
                  unknown="unknown {version}", not_object="not an object")


@pytest.mark.parametrize("data, message", [
    ([], "not an object"),
    ({"format": "other", "version": 1}, "not ours"),
    ({"format": "gin-rummy-test"}, "no version None"),
    ({"format": "gin-rummy-test", "version": True}, "no version True"),
    ({"format": "gin-rummy-test", "version": "1"}, "no version '1'"),
    ({"format": "gin-rummy-test", "version": 0}, "unknown 0"),
    ({"format": "gin-rummy-test", "version": 3}, "newer version of the game (format 3)"),
])
def test_a_bad_head_is_refused_with_its_own_message(data, message):
    with pytest.raises(LookupError) as caught:
        KIND.check(data, LookupError)
    assert str(caught.value) == message or message in str(caught.value)


def test_a_good_head_gives_its_version():
    assert KIND.check({**KIND.head(), "more": 1}, ValueError) == 2
    assert KIND.check({"format": "gin-rummy-test", "version": 1}, ValueError) == 1
