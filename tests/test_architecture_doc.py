"""docs/architecture.md is a true map: every module under game/ is on it, every path it names exists, and
each of its errands sends a newcomer to at most five files."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
ERRANDS = ("Add a rules switch", "Add a screen", "Change how the hard bot thinks")
MOST_FILES = 5

# a path of the repository as the page writes it: from a top folder, up to a space, a backtick or a bracket
PATH = re.compile(r"(?<![\w/.-])((?:game|tests|bench|tools|docs|assets)/[\w./-]*)")
BARE_MODULE = re.compile(r"`(\w+\.py)`")


def _doc() -> str:
    return DOC.read_text(encoding="utf-8")


def _modules() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
                  if "__pycache__" not in p.parts)


def named_paths(text: str) -> set[str]:
    """Every repository path the text names, folders with their trailing slash dropped."""
    return {m.rstrip(".,;:").rstrip("/") for m in PATH.findall(text)}


def missing_modules(text: str, modules: list[str]) -> list[str]:
    """Modules the text does not name; a package's ``__init__.py`` may be named by its folder."""
    named = named_paths(text)
    missing = []
    for module in modules:
        folder = module.rpartition("/")[0]
        if module in named or (module.endswith("/__init__.py") and folder in named):
            continue
        missing.append(module)
    return missing


def stale_paths(text: str, root: pathlib.Path = ROOT) -> list[str]:
    """Paths the text names that do not exist, and bare ``name.py`` modules found nowhere in the repository."""
    stale = sorted(p for p in named_paths(text) if not (root / p).exists())
    own = [root.glob("*.py"), *((root / folder).rglob("*.py") for folder in ("game", "tests", "bench", "tools"))]
    known = {p.name for found in own for p in found if "__pycache__" not in p.parts}  # no environment's files
    stale += sorted({name for name in BARE_MODULE.findall(text) if name not in known})
    return stale


def errands(text: str) -> dict[str, list[str]]:
    """Each errand of the "Errands" section with its numbered steps (a step's lines joined)."""
    section = text.split("\n## Errands\n", 1)[1].split("\n## ", 1)[0]
    found: dict[str, list[str]] = {}
    for block in section.split("\n### ")[1:]:
        title, _, body = block.partition("\n")
        steps: list[str] = []
        for line in body.splitlines():
            if re.match(r"\d+\. ", line):
                steps.append(line)
            elif line.startswith("   ") and steps:
                steps[-1] += " " + line.strip()
        found[title.strip()] = steps
    return found


def errand_faults(text: str, root: pathlib.Path = ROOT) -> list[str]:
    faults = []
    found = errands(text)
    if sorted(found) != sorted(ERRANDS):
        faults.append(f"the errands are {sorted(found)}, not {sorted(ERRANDS)}")
    for title, steps in found.items():
        if not steps:
            faults.append(f"{title}: no numbered steps")
        files: list[str] = []
        for number, step in enumerate(steps, 1):
            head = re.match(rf"{number}\. `([^`]+)`: ", step)
            if head is None or not (root / head.group(1)).is_file():
                faults.append(f"{title}: step {number} does not open with a file to open")
            files += [p for p in sorted(named_paths(step)) if (root / p).is_file() and p not in files]
        if len(files) > MOST_FILES:
            faults.append(f"{title}: {len(files)} files ({', '.join(files)}), more than {MOST_FILES}")
    return faults


def test_every_module_under_game_is_on_the_map():
    modules = _modules()
    assert len(modules) > 150 and "game/app/program/flow.py" in modules  # the tree was really read
    assert missing_modules(_doc(), modules) == []


def layer_rows(text: str) -> list[str]:
    """The folders of the page's layer table, in its order."""
    return re.findall(r"^\| \d+ \| `game/app/(\w+)/` \|", text, re.M)


def test_the_layer_table_is_the_declared_order():
    from game.app import LAYERS

    assert layer_rows(_doc()) == list(LAYERS)
    assert layer_rows("| 1 | `game/app/looks/` |\n| 2 | `game/app/config/` |") == ["looks", "config"]


def test_every_path_the_map_names_exists():
    assert stale_paths(_doc()) == []


def test_each_errand_names_at_most_five_files_in_order():
    found = errands(_doc())
    assert set(found) == set(ERRANDS) and all(found.values())  # the errands were really parsed
    assert errand_faults(_doc()) == []


def test_the_checks_see_a_module_left_out_and_a_path_gone():
    text = _doc()
    line = next(x for x in text.splitlines() if x.startswith("- `game/engine/knock.py`"))
    assert missing_modules(text.replace(line, ""), _modules()) == ["game/engine/knock.py"]
    assert missing_modules(text.replace("`game/app/stage/`", "the stage"), _modules()) == [
        "game/app/stage/__init__.py"]
    planted = text + "\n- `game/engine/nowhere.py`: gone; `shell.py` too.\n"
    assert stale_paths(planted) == ["game/engine/nowhere.py", "shell.py"]


def test_the_errand_check_sees_a_sixth_file_and_a_step_without_one():
    text = _doc()
    sixth = text.replace("5. `docs/variants.md`: say", "5. `docs/variants.md` and `docs/library.md`: say")
    assert any("Add a rules switch: 6 files" in f for f in errand_faults(sixth))
    no_file = text.replace("1. `game/bots/hard.py`: the decisions", "1. The decisions")
    assert errand_faults(no_file) == ["Change how the hard bot thinks: step 1 does not open with a file to open"]
