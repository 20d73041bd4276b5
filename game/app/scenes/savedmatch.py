"""The saved match the menu offers under Continue: what it is in words (who plays whom, the score, the
rules), and what leaving it unfinished for a new match records (a loss, marked abandoned); a kept table
of three or four is asked about the same way before anything replaces it.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.app.lang import typed
from game.app.lang.i18n import tr
from game.app.records.stats_rows import abandoned_final
from game.engine import IN_PLAY, MatchState, Rules

if TYPE_CHECKING:
    from game.app.matches.meta import MatchMeta
    from game.app.stage.scene import Host
    from game.app.stage.services import Services

log = logging.getLogger(__name__)


def opponent_label(meta: MatchMeta) -> str:
    """Who the saved match is against: the computer and its level, or the two friends."""
    if getattr(meta, "mode", "bot") == "bot":
        return tr("seat.computer_level", level=tr("level." + str(meta.bot_level or "medium")))
    names = [typed.normal_name(n) or tr("menu.name1_default" if i == 0 else "menu.name2_default")
             for i, n in enumerate(meta.names)]
    return tr("menu.saved_friends", name1=names[0], name2=names[1])


def rules_label(rules: Rules) -> str:
    return tr("menu.saved_rules", preset=tr("preset." + rules.preset_name), target=rules.target)


def saved_summary(state: MatchState, meta: MatchMeta) -> str:
    """What Continue resumes: who plays whom, the score and the rules (one line), the scores in the order
    the people are named (against the computer the player comes first, as "You 30 : 12 Computer")."""
    me = getattr(meta, "human_seat", 0)
    key = "menu.saved_match_bot" if meta.mode == "bot" else "menu.saved_match"
    return tr(key, who=opponent_label(meta), mine=state.scores[me], theirs=state.scores[1 - me],
              rules=rules_label(state.rules))


def record_abandoned(services: Services, state: MatchState, meta: MatchMeta) -> None:
    """Count a match left unfinished as lost; the statistics mark it abandoned."""
    stats = services.stats
    if stats is None:
        return
    # the hands played: those finished and the one in play (a match left between hands has none in play)
    hands = max(1, len(state.history) + (1 if state.phase in IN_PLAY else 0))
    try:
        stats.record_match(meta, state.rules, abandoned_final(state, meta), hands, when=time.time(), abandoned=True)
    except Exception:  # the statistics must never stop a new match
        log.exception("the abandoned match could not be recorded")


def ask_before_replacing(host: Host, then: Callable[[], None]) -> None:
    """Run ``then`` at once, or over a kept table or match only once the player agrees to leave it: a match
    of two so left counts as lost, marked abandoned (a kept match may stand behind a kept table: asked next)."""
    from .confirm import ConfirmScene

    nav, store = host.nav, host.services.store
    table_line = nav.tables.saved_line()
    saved = store.load_match() if table_line is None and store.has_match() else None
    if table_line is not None:
        what = table_line
    elif saved is not None:
        what = saved_summary(*saved)
    else:
        then()
        return

    def leave_it() -> None:
        if table_line is not None:
            nav.tables.drop_saved()
        elif saved is not None:
            record_abandoned(host.services, *saved)
            store.clear_match()
        ask_before_replacing(host, then)

    host.push(ConfirmScene(host, tr("menu.abandon_question", match=what), "menu.abandon_yes", leave_it))
