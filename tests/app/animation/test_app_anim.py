"""Animation objects: eased tweens, sequences that pass leftover time on, instant speed."""
from game.app.animation.anim import Animator, Call, Parallel, Sequence, Tween, Wait, in_out_cubic, out_back, out_cubic


def test_easings_start_at_zero_and_end_at_one():
    for ease in (out_cubic, in_out_cubic, out_back):
        assert abs(ease(0.0)) < 1e-9 and abs(ease(1.0) - 1.0) < 1e-9
    assert out_cubic(0.5) > 0.5  # eased out: fast first


def test_tween_waits_for_its_delay_then_reaches_the_end_and_calls_back():
    seen, done = [], []
    t = Tween(1.0, seen.append, delay=0.5, on_done=lambda: done.append(True))
    t.update(0.4)
    assert not seen and not t.done
    t.update(0.6)
    assert 0 < seen[-1] < 1
    t.update(1.0)
    assert seen[-1] == 1.0 and t.done and done == [True]


def test_sequence_runs_steps_in_order_and_carries_leftover_time():
    order = []
    seq = Sequence(Wait(0.2), Call(lambda: order.append("a")), Wait(0.3), Call(lambda: order.append("b")))
    seq.update(0.25)
    assert order == ["a"]
    seq.update(0.2)
    assert order == ["a"]
    seq.update(0.1)
    assert order == ["a", "b"] and seq.done


def test_zero_duration_finishes_at_once_and_animator_drops_finished_items():
    values = []
    anim = Animator()
    anim.add(Parallel(Tween(0.0, values.append), Wait(0.5)))
    anim.update(0.01)
    assert values == [1.0] and anim.busy
    anim.finish_all()
    assert not anim.busy
