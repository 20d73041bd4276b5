#!/usr/bin/env python3
"""Start Gin Rummy.  Works from any working directory: assets are found next to the code."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

if __name__ == "__main__":
    from game.app import run

    sys.exit(run(sys.argv[1:]))
