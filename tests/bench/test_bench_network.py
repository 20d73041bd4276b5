"""bench/bench_network.py prints its figures in the documented form, for a deal, a draw, the end and the wire."""
import contextlib
import importlib
import io
import re

bench = importlib.import_module("bench.bench_network")


def test_the_bench_prints_each_figure():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench.main(["--hands", "2", "--draws", "3", "--played", "1", "--localhost", "1"]) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 7
    for line in lines[:3]:
        assert re.search(r": median \d+\.\d ms, worst \d+\.\d ms$", line), line
    size = re.match(r"on the wire a hand with 3 draws: (\d+\.\d) KB in (\d+) frames", lines[3])
    assert size and 10 < float(size.group(1)) < 50
    assert re.match(r"a move's round trip, in process: median \d+\.\d\d ms, 95th percentile \d+\.\d\d ms", lines[4])
    played = re.match(r"on the wire a played hand: median (\d+\.\d) KB", lines[5])
    assert played and 10 < float(played.group(1)) < 50
    localhost = re.match(r"over localhost, 1 matches of (\d+) hands: a deal median (\d+\.\d) ms, worst \d+\.\d ms; "
                         r"a draw's round trip median (\d+\.\d\d) ms, 95th percentile \d+\.\d\d ms; "
                         r"(\d+\.\d) KB a hand on the wire$", lines[6])
    assert localhost, lines[6]
    assert int(localhost.group(1)) >= 1 and 10 < float(localhost.group(4)) < 50
