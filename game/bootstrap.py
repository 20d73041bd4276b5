"""First start on a fresh machine: give the game its packages without the player knowing what a
virtual environment is.

When the running Python lacks the pinned packages (a fresh checkout, or a system Python that refuses
``pip install`` outside a virtual environment, PEP 668), the game makes a private environment in
``.venv`` next to itself with the standard library's ``venv``, installs ``requirements.txt`` into it
with pip's own progress showing, and runs itself again there.  Later starts find the environment
ready and go straight in.  The test command asks for ``requirements-test.txt`` (the game's packages
and the test tools) in the same environment, so a player's first start installs no test tool.
Standard library only: this runs before anything is installed.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements.txt"
TEST_REQUIREMENTS = ROOT / "requirements-test.txt"
ENV_DIR = ROOT / ".venv"
STAMP = "gin-rummy-{}.sha256"  # one stamp a requirements file, so the game and the tests never undo each other
OFF = "GIN_RUMMY_NO_BOOTSTRAP"  # set to 1 to use the running Python as it is
MARK = "GIN_RUMMY_BOOTSTRAPPED"  # set in the relaunched process, so it never loops


def files(path: Path = REQUIREMENTS) -> list[Path]:
    """The requirements file and every file it takes in with ``-r``, each once."""
    out = [path]
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\s*-r\s+(\S+)", line)
        if m:
            out += [f for f in files(path.parent / m.group(1)) if f not in out]
    return out


def pins(path: Path = REQUIREMENTS) -> dict[str, str]:
    """``name -> version`` for every ``name==version`` line of the requirements file and its ``-r`` files."""
    out: dict[str, str] = {}
    for each in files(path):
        for line in each.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*==\s*([^\s;#]+)", line)
            if m:
                out[m.group(1).lower()] = m.group(2)
    return out


def installed(wanted: dict[str, str]) -> bool:
    """A quick yes: each package's installed metadata is at the pinned version, the first found on the
    import path (as ``importlib.metadata`` finds it).  False means "look closer" (``missing``); this
    spares every start importing ``importlib.metadata``."""
    for name, version in wanted.items():
        stem = re.sub(r"[-_.]+", "_", name).lower() + "-"
        found = None
        for entry in sys.path:
            try:
                names = os.listdir(entry or ".")
            except OSError:
                continue
            dists = [n for n in names if n.lower().startswith(stem) and n.endswith(".dist-info")]
            if dists:
                found = dists
                break
        if [d.lower() for d in found or []] != [f"{stem}{version}.dist-info".lower()]:
            return False
    return True


def missing(wanted: dict[str, str]) -> list[str]:
    """The pinned packages the running Python lacks, or has at another version."""
    from importlib import metadata

    out = []
    for name, version in wanted.items():
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            out.append(f"{name}=={version}")
            continue
        if have != version:
            out.append(f"{name}=={version} (found {have})")
    return out


def env_python(env_dir: Path = ENV_DIR, windows: bool = os.name == "nt") -> Path:
    """The environment's own Python: ``Scripts\\python.exe`` on Windows, ``bin/python`` elsewhere."""
    return env_dir / "Scripts" / "python.exe" if windows else env_dir / "bin" / "python"


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(b"".join(f.read_bytes() for f in files(path))).hexdigest()


def _say(text: str) -> None:
    print(f"[gin-rummy] {text}", file=sys.stderr, flush=True)


def prepare(env_dir: Path = ENV_DIR, requirements: Path = REQUIREMENTS) -> Path:
    """Make the private environment and install the requirements into it, once per requirements file."""
    python = env_python(env_dir)
    stamp = env_dir / STAMP.format(requirements.stem)
    wanted = _digest(requirements)
    if python.exists() and stamp.exists() and stamp.read_text(encoding="utf-8").strip() == wanted:
        return python
    if not python.exists():
        _say(f"First start: making a private Python environment in {env_dir} ...")
        import venv

        try:
            venv.EnvBuilder(with_pip=True, clear=env_dir.exists()).create(env_dir)
        except Exception as e:  # e.g. Debian without python3-venv: ensurepip is missing
            raise SystemExit(
                f"Could not make a Python environment for the game ({e}).\n"
                "On Debian or Ubuntu install it with:  sudo apt install python3-venv\n"
                "or install the packages yourself:    python3 -m pip install -r requirements.txt") from None
    what = "the game's packages" if requirements == REQUIREMENTS else f"the packages of {requirements.name}"
    _say(f"Installing {what} (this happens once) ...")
    import subprocess

    cmd = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "on",
           "-r", str(requirements)]
    if subprocess.call(cmd) != 0:
        raise SystemExit("Installing the game's packages failed (see the lines above). "
                         "Check the internet connection and start the game again.")
    stamp.write_text(wanted + "\n", encoding="utf-8")
    _say("Ready.")
    return python


def ensure(launch: list[str], requirements: Path = REQUIREMENTS) -> None:
    """Return when the running Python has the packages pinned in ``requirements``; otherwise run the
    private environment's Python with ``launch`` (a script and its arguments, or ``-m module ...``) and
    exit with its exit code.

    The game asks for ``requirements.txt``, the test command for ``requirements-test.txt``.  A frozen
    build, ``GIN_RUMMY_NO_BOOTSTRAP=1`` and the relaunched process itself never bootstrap.
    """
    if getattr(sys, "frozen", False) or os.environ.get(OFF) == "1":
        return
    game = pins(requirements)
    if installed(game) or not missing(game):
        return
    if os.environ.get(MARK) == "1" or Path(sys.prefix).resolve() == ENV_DIR.resolve():
        lacking = ", ".join(missing(game))
        raise SystemExit(f"The game's packages are still missing after installing them: {lacking}")
    python = prepare(requirements=requirements)
    env = dict(os.environ, **{MARK: "1"})
    cmd = [str(python), *launch]
    if os.name == "nt":  # exec on Windows starts a new process and returns at once: wait for it
        import subprocess

        raise SystemExit(subprocess.call(cmd, env=env))
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(str(python), cmd, env)
