#!/usr/bin/env python3
"""Start Gin Rummy.  Works from any working directory: assets are found next to the code.

On a fresh machine the first start installs the game's packages into a private environment next to
this file (see ``game/bootstrap.py``) and then starts the game there.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

if __name__ == "__main__":
    from game.bootstrap import ensure

    ensure([os.path.abspath(__file__), *sys.argv[1:]])

    from game.app import run

    sys.exit(run(sys.argv[1:]))
