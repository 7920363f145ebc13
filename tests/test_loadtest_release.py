"""The table-entry load tests time each result from the moment the event's fair-play rule
makes it public (loadtest/release.py): that moment is the one the app's own rule
(matches/scoring/fair_play.py, ``out_of_play``) gives, whatever the order the tables
accept their boards in."""

import importlib.util
import random
from pathlib import Path

import pytest

from matches.scoring.fair_play import MatchBoards, ResultsRule, out_of_play

RELEASE = Path(__file__).resolve().parents[1] / "loadtest" / "release.py"
spec = importlib.util.spec_from_file_location("loadtest_release", RELEASE)
release = importlib.util.module_from_spec(spec)
spec.loader.exec_module(release)

MATCHES, BOARDS, SEGMENT = 3, 4, 2


def shown_by_the_app(accepted: list[tuple[int, str, int]], rule: str) -> set:
    """Return the (match, room, board) of the results accepted that the app shows."""
    done = {
        match: frozenset(
            board
            for board in range(1, BOARDS + 1)
            if {(match, "open", board), (match, "closed", board)} <= set(accepted)
        )
        for match in range(MATCHES)
    }
    matches = [MatchBoards(m, frozenset(range(1, BOARDS + 1)), done[m]) for m in range(MATCHES)]
    shown = out_of_play(matches, rule, SEGMENT)
    return {(m, room, board) for (m, room, board) in accepted if board in shown[m]}


@pytest.mark.parametrize("rule", [rule.value for rule in ResultsRule])
@pytest.mark.parametrize("seed", range(5))
def test_a_result_is_timed_from_when_the_apps_rule_shows_it(rule, seed):
    results = [
        (m, room, b)
        for m in range(MATCHES)
        for room in ("open", "closed")
        for b in range(1, BOARDS + 1)
    ]
    random.Random(seed).shuffle(results)
    followed = release.Release(rule, MATCHES, BOARDS, SEGMENT)
    released: set = set()
    for n, (match, room, board) in enumerate(results, 1):
        shown = followed.accepted({"match": match, "room": room, "board": board})
        released |= {(item["match"], item["room"], item["board"]) for item in shown}
        assert released == shown_by_the_app(results[:n], rule)
        assert followed.waiting() == n - len(released)


def test_a_result_held_by_a_table_that_never_plays_the_board_is_never_timed():
    followed = release.Release("tables", 2, 1, 1)
    assert followed.accepted({"match": 0, "room": "open", "board": 1}) == []
    assert followed.accepted({"match": 0, "room": "closed", "board": 1}) == []
    assert followed.accepted({"match": 1, "room": "open", "board": 1}) == []
    assert followed.waiting() == 3
