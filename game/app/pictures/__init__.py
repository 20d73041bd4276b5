"""Pictures for the docs and the tests: the tour through every situation, seeded positions, ``--screenshots``.

Nothing here is on the path of a normal start: only ``--screenshots``, the tests and the benchmarks import it.
"""
