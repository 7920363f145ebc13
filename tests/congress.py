"""A congress as the wall, the phones and the paper see it: events with teams of real
length names, rounds played, a round under way, and a knockout to a winner.

Results are random but valid (the generator's own bidding and play:
``matches/management/commands/generate_event.py``), the same seed giving the same event,
and written through the actions in bulk (``load_results``), so that a test builds a
whole event in a second or two. Used by the browser tests and by tests/browser/
screenshots_wall.py.
"""

from __future__ import annotations

import random
from fractions import Fraction

from matches import actions
from matches.choices import RoomChoice
from matches.management.commands.generate_event import random_deal, table_result
from matches.models import Board, Result, Stage
from tests.factories import make_event, make_team

TEAMS = ("长城队", "华山队", "黄河队", "长江队", "泰山队", "珠江队", "Lions", "The Spades")
PLAYERS = ("王建国", "李明", "陈静", "杨帆")


def play(event, matches, rng, open_boards=None, closed_boards=None):
    """Enter random results in both rooms of the matches' boards (the first
    ``open_boards`` in the open room, ``closed_boards`` in the closed room: all by
    default); every match of a round plays the same deals."""
    deals = {}
    results = []
    for match in matches:
        boards = Board.objects.filter(match=match).order_by("number")
        for board in boards:
            deal = deals.setdefault((match.round, board.number), random_deal(rng))
            for room, last in ((RoomChoice.OPEN, open_boards), (RoomChoice.CLOSED, closed_boards)):
                if last is None or board.number <= last:
                    results.append(
                        Result(board=board, room=room, version=1, **table_result(deal, rng))
                    )
    if results:
        actions.load_results(event, results, user=None)


def round_robin(teams=TEAMS, boards=8, played=2, under_way=True, seed=7, name="2026 秋季桥牌大会"):
    """Return a round robin of ``teams`` with rounds 1 to ``played`` played in full and,
    with ``under_way``, the next round half played (the open room ahead of the closed
    room, one match not started)."""
    rng = random.Random(seed)
    event = make_event(name=name, boards_per_match=boards, boards_per_segment=boards)
    for team_name in teams:
        make_team(event, team_name, PLAYERS)
    actions.make_round_robin(event, user=None)
    for number in range(1, played + 1):
        play(event, list(event.matches.filter(round=number)), rng)
    if under_way:
        current = list(event.matches.filter(round=played + 1).order_by("pk"))
        for index, match in enumerate(current[:-1]):
            play(event, [match], rng, open_boards=boards - index, closed_boards=boards // 2 + index)
    return event


def one_round(tables: int, boards=2, name="2026 秋季桥牌大会"):
    """Return an event whose round 1 has ``tables`` matches and nothing more (no result)."""
    event = make_event(name=name, boards_per_match=boards, boards_per_segment=boards)
    teams = [make_team(event, f"第 {number} 队", PLAYERS) for number in range(1, 2 * tables + 1)]
    for home, away in zip(teams[::2], teams[1::2], strict=True):
        actions.add_match(event, round=1, home=home, away=away, user=None, confirm=True)
    return event


def knockout(seed=11, boards=4, teams=TEAMS, decided=True):
    """Return an event whose round robin of ``teams`` is played and final, then a knockout
    of its top four (half the VP difference carried over): both semi-finals played and
    final, the final played (and with ``decided`` marked final: the event is won)."""
    rng = random.Random(seed)
    event = round_robin(
        teams,
        boards=boards,
        played=len(teams) - 1,
        under_way=False,
        seed=seed,
        name="2026 俱乐部杯",
    )
    for match in event.matches.all():
        actions.mark_final(match, user=None, confirm=True)
    stage = actions.configure_stage(
        event,
        user=None,
        number=2,
        kind="knockout",
        entrants=4,
        carry_over="vp-difference",
        carry_fraction=str(Fraction(1, 2)),
    )
    semis = actions.start_stage(stage, user=None)
    play(event, semis, rng)
    for semi in semis:
        semi.refresh_from_db()
        actions.mark_final(semi, user=None, confirm=True)
        if _level(semi):
            actions.decide_knockout_tie(semi, winner=semi.home, reason="加赛 4 副", user=None)
    final = Stage.objects.get(pk=stage.pk).matches.get(round=2)
    play(event, [final], rng)
    if decided:
        final.refresh_from_db()
        actions.mark_final(final, user=None, confirm=True)
        if _level(final):
            actions.decide_knockout_tie(final, winner=final.home, reason="加赛 4 副", user=None)
    return event


def _level(match) -> bool:
    match.refresh_from_db()
    return match.knockout_winner() is None
