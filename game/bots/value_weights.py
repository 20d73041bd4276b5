"""Weights of the hard bot's learned throw and knock choices, written by tools/train_value.py.

Fitted from 4000 matches played with learned=3.
"""

WEIGHTS: tuple[float, ...] = (
    -0.3194204931011368,  # value
    -0.23298577578581117,  # cost
    0.584333281341452,  # dw
    -0.5679421055058785,  # mean
    1.874906291823944,  # chance
    109.89519083970796,  # gin
    -0.5265421149564119,  # loose
    21.548561278367423,  # outs
    0.4431500854549003,  # high_loose
    0.5649331238681558,  # low
    -2.05630824507304,  # dw*stage
    0.6386985366867285,  # mean*stage
    -4.915671255664773,  # chance*stage
    -146.38569955844315,  # gin*stage
    -29.146714317422592,  # outs*stage
    0.8326446321943944,  # low*stage
    -3.124574261298622,  # high_loose*stage
)

KNOCK_WEIGHTS: tuple[float, ...] = (
    -3.8313236772591264,  # bias
    1.3283955343907445,  # k
    0.12265501672130077,  # gain
    -7.777597877769685,  # undercut
    17.092414725966737,  # stage
    -2.9685017720786573,  # k*stage
    -0.15267783434525925,  # gain*stage
    -1.6115185197756152,  # hold
    -2.7682671087804436,  # habit_known
    -0.0012718662971034774,  # play_on
    1.5726862185360868,  # play_on*stage
)
