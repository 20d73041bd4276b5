"""game/app names ``Any`` on few lines, and each such line says why beside it (``# Any: <reason>``)."""
import io
import pathlib
import re
import tokenize

ROOT = pathlib.Path(__file__).resolve().parent.parent

BUDGET = 15
REASON = re.compile(r"#\s*Any:\s*\S")


def _any_lines(source: str) -> list[tuple[int, bool]]:
    """Each line whose code (not a comment, not a string) names ``Any``, with whether it gives its reason."""
    named: set[int] = set()
    explained: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME and tok.string == "Any":
            named.add(tok.start[0])
        elif tok.type == tokenize.COMMENT and REASON.match(tok.string):
            explained.add(tok.start[0])
    return [(line, line in explained) for line in sorted(named)]


def _app_any_lines() -> list[tuple[str, int, bool]]:
    found = []
    for path in sorted((ROOT / "game" / "app").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        found += [(rel, line, ok) for line, ok in _any_lines(path.read_text(encoding="utf-8"))]
    return found


def _listing(lines: list[tuple[str, int, bool]]) -> str:
    per_file: dict[str, int] = {}
    for rel, _, _ in lines:
        per_file[rel] = per_file.get(rel, 0) + 1
    counts = "\n".join(f"  {n:3d}  {rel}" for rel, n in sorted(per_file.items(), key=lambda kv: (-kv[1], kv[0])))
    where = "\n".join(f"  {rel}:{line}" + ("" if ok else "  (no '# Any: <reason>')") for rel, line, ok in lines)
    return f"per file:\n{counts}\nlines:\n{where}"


def test_the_count_reads_code_only_and_sees_the_reason():
    source = (
        "from typing import Any  # Any: the reason\n"
        "x: Any = 1\n"
        "s = 'Any'  # a string, not a name\n"
        "# Any in a comment\n"
        "def f(a: typing.Any) -> None:  # Any:\n"
        '    """Takes Any."""\n'
    )
    assert _any_lines(source) == [(1, True), (2, False), (5, False)]


def test_app_names_any_on_few_lines():
    assert len(list((ROOT / "game" / "app").rglob("*.py"))) > 100  # the walk really reads the app
    lines = _app_any_lines()
    assert len(lines) <= BUDGET, f"{len(lines)} lines of game/app name Any (at most {BUDGET}):\n{_listing(lines)}"


def test_every_any_in_the_app_gives_its_reason():
    missing = [entry for entry in _app_any_lines() if not entry[2]]
    assert not missing, f"{len(missing)} lines name Any without '# Any: <reason>' beside them:\n{_listing(missing)}"
