"""The first lesson in the tour: each of its steps on the real table, played by the lesson's own script."""
from __future__ import annotations

from collections.abc import Iterator

from game.app.matches.lesson import STEPS
from game.app.program.app import App
from game.app.scenes.lesson import LessonScene


def lesson_steps(app: App) -> Iterator[str]:
    """Start the lesson and yield ``lesson_<n>`` at each step, the expected moves made through its gate."""
    pace = app.pace
    app.pace = 0.0
    app.nav.show_lesson()
    app.scenes.clear_toast()
    lesson = app.top
    if not isinstance(lesson, LessonScene):
        raise RuntimeError(f"expected the lesson on top, found {type(lesson).__name__}")
    shown = -1
    last = len(STEPS) - 1
    for _ in range(3000):
        app.frame(1 / 60, present=False)
        if lesson.step != shown and not app.table.busy:
            shown = lesson.step
            yield f"lesson_{shown + 1}"
        step = lesson.current
        if step.expect is not None and not lesson.moved:
            lesson.play.human_action(step.expect)
        elif step.expect is None and not step.computer:
            if lesson.step == last:
                break
            lesson.next()
    app.pace = pace
    lesson.finish()

