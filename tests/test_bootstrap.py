"""A player's first start installs the game's packages only; the test command adds the test tools."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from game import bootstrap

ROOT = Path(__file__).resolve().parent.parent


def _project_list(key: str) -> list[str]:
    """A one-line list of pyproject.toml (tomllib is not in Python 3.10)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(rf"^{key} = \[(.*)\]$", text, re.M)
    assert m, key
    return sorted(re.findall(r'"([^"]+)"', m.group(1)))


def test_requirements_hold_only_the_game():
    game = {"pygame-ce", "pygame-gui"}
    network = {"websockets", "spake2", "cryptography", "pynacl", "cffi", "pycparser", "zeroconf", "ifaddr"}
    assert set(bootstrap.pins(bootstrap.REQUIREMENTS)) == game | network
    assert sorted(f"{n}=={v}" for n, v in bootstrap.pins().items()) == _project_list("dependencies")


def test_test_requirements_add_the_test_tools_to_the_game():
    test = bootstrap.pins(bootstrap.TEST_REQUIREMENTS)
    assert {"pytest", "hypothesis"} <= set(test)
    assert bootstrap.pins().items() <= test.items()
    tools = sorted(f"{n}=={v}" for n, v in test.items() if n not in bootstrap.pins())
    assert tools == _project_list("test")
    dev = bootstrap.pins(ROOT / "requirements-dev.txt")
    assert test.items() <= dev.items()


def _fake_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    python = bootstrap.env_python(tmp_path)
    python.parent.mkdir(parents=True)
    python.write_text("", encoding="utf-8")
    calls: list[list[str]] = []
    monkeypatch.setattr(subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    return calls


def test_the_game_installs_its_file_and_the_tests_theirs_once_each(tmp_path, monkeypatch):
    calls = _fake_env(tmp_path, monkeypatch)
    bootstrap.prepare(tmp_path, bootstrap.REQUIREMENTS)
    assert calls[-1][-2:] == ["-r", str(bootstrap.REQUIREMENTS)]
    bootstrap.prepare(tmp_path, bootstrap.TEST_REQUIREMENTS)
    assert calls[-1][-2:] == ["-r", str(bootstrap.TEST_REQUIREMENTS)]
    bootstrap.prepare(tmp_path, bootstrap.REQUIREMENTS)
    bootstrap.prepare(tmp_path, bootstrap.TEST_REQUIREMENTS)
    assert len(calls) == 2


def test_a_changed_included_file_installs_again(tmp_path, monkeypatch):
    calls = _fake_env(tmp_path / "env", monkeypatch)
    (tmp_path / "game.txt").write_text("pygame-ce==1\n", encoding="utf-8")
    (tmp_path / "test.txt").write_text("-r game.txt\npytest==2\n", encoding="utf-8")
    assert bootstrap.pins(tmp_path / "test.txt") == {"pygame-ce": "1", "pytest": "2"}
    bootstrap.prepare(tmp_path / "env", tmp_path / "test.txt")
    (tmp_path / "game.txt").write_text("pygame-ce==3\n", encoding="utf-8")
    bootstrap.prepare(tmp_path / "env", tmp_path / "test.txt")
    assert len(calls) == 2


def test_the_first_start_asks_for_the_game_only_and_the_test_command_for_the_tools(monkeypatch):
    asked: list[Path] = []
    monkeypatch.delenv(bootstrap.OFF, raising=False)
    monkeypatch.setattr(bootstrap, "pins", lambda path=bootstrap.REQUIREMENTS: asked.append(path) or {})
    bootstrap.ensure(["main.py"])
    assert asked == [bootstrap.REQUIREMENTS]
    source = (ROOT / "tests" / "__main__.py").read_text(encoding="utf-8")
    assert "requirements=TEST_REQUIREMENTS" in source
