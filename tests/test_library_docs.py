"""The library page's examples run as written: what docs/library.md shows is what the code does."""
import doctest
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_library_page_runs_as_written():
    result = doctest.testfile(str(ROOT / "docs" / "library.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15
    assert result.failed == 0
