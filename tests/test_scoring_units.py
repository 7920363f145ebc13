"""The units of a board-a-match, win/loss or Patton stage beyond its standings: each
table's board points on the traveller, the JSON feeds, the USEBIO file and the commands
that make events."""

from django.urls import reverse

from matches import actions
from matches.models import Match
from tests.test_scoring_methods import LEVEL, LOST_BY_TEN, WON_BIG, WON_BY_TEN, event_of, play


def started(td, teams, boards, **scoring):
    """Return the matches of a round-robin stage 1 scored as ``scoring`` says, started."""
    event = event_of(teams, boards=boards)
    stage = actions.configure_stage(event, user=td, number=1, kind="round-robin", **scoring)
    actions.start_stage(stage, user=td)
    return list(Match.objects.filter(event=event).order_by("round", "pk"))


def traveller_of(client, match, board=1):
    return client.get(reverse("traveller", args=[match.event_id, match.round, board])).text


def test_a_board_a_match_traveller_gives_each_tables_board_points(td, english):
    first, second = started(td, 4, boards=2, method="board-a-match")[:2]
    play(first, WON_BY_TEN, LEVEL)
    play(second, LEVEL, LOST_BY_TEN)
    page = traveller_of(english, first)
    assert '<th rowspan="2" scope="col" class="imp-col points-col">Board points</th>' in page
    assert page.count('title="Scorecard:') == 2
    assert ">1 : 0</a>" in page and ">½ : ½</a>" in page  # won by 10 points; level
    assert "Board points (home : away) decide this stage: 1 to the team" in page
    second_board = traveller_of(english, first, board=2)
    assert ">½ : ½</a>" in second_board and ">0 : 1</a>" in second_board


def test_a_point_a_board_traveller_reads_two_one_nought_in_chinese(td, chinese):
    first, second = started(td, 4, boards=1, method="board-a-match", board_scale="2")[:2]
    play(first, WON_BY_TEN)
    play(second, LEVEL)
    page = traveller_of(chinese, first)
    assert ">每副得分</th>" in page
    assert ">2 : 0</a>" in page and ">1 : 1</a>" in page
    assert "Board points" not in page


def test_a_patton_traveller_gives_board_points_beside_the_imps(td, english):
    (match,) = started(td, 4, boards=1, method="patton")[:1]
    play(match, WON_BIG)
    page = traveller_of(english, match)
    assert '<td class="imps-plain">+10</td>' in page  # 420 against 50 down: 470
    assert ">1 : 0</a>" in page


def test_a_vp_traveller_has_no_board_points(td, english):
    (match,) = started(td, 4, boards=1)[:1]
    play(match, WON_BIG)
    page = traveller_of(english, match)
    assert "Board points" not in page and 'class="imp-col imps"><a' in page
