"""``python3 -m tests``: run the test suite, installing what it needs on a fresh machine first.

The same private environment as the game's first start (``game/bootstrap.py``), with the test tools
of ``requirements-test.txt`` added, then pytest with any arguments given (``python3 -m tests -k settings``).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.chdir(ROOT)

from game.bootstrap import TEST_REQUIREMENTS, ensure  # noqa: E402 - the path above comes first

ensure(["-m", "tests", *sys.argv[1:]], requirements=TEST_REQUIREMENTS)

import pytest  # noqa: E402 - installed by ensure when it was missing

sys.exit(pytest.main(sys.argv[1:]))
