"""Deals and results from PBN files, through the commands a director runs and the actions."""

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from matches.models import Deal, Result
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import enter, make_event, make_match, make_team

DATA = Path(__file__).parent / "data"
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("analysed_once")]


@pytest.fixture
def round_1():
    event = make_event(name="Club teams")
    tigers, lions = make_team(event, "Tigers"), make_team(event, "Lions")
    return make_match(event, home=tigers, away=lions, round=1)


def run(*args):
    from io import StringIO

    out, err = StringIO(), StringIO()
    with translation.override("en"):
        call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_import_deals_stores_every_board_with_double_dummy_and_par(round_1):
    out, err = run(
        "import_deals",
        round_1.event_id,
        DATA / "deals_with_comments_and_statistics.pbn",
        "--round",
        "1",
    )
    assert "16 deals" in out and err == ""
    deals = Deal.objects.for_match(round_1)
    assert [d.board for d in deals] == list(range(1, 17))
    first = deals[0]
    assert first.pbn == "N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7"
    assert first.analysis["par"] == {"score": -120, "contracts": ["2NT by E", "2NT by W"]}
    assert first.analysis["double_dummy"]["N"] == {"C": 7, "D": 4, "H": 7, "S": 6, "NT": 5}
    assert first.source == "deals_with_comments_and_statistics.pbn"


def test_a_gbk_file_imports_its_eight_boards(round_1):
    run("import_deals", round_1.event_id, DATA / "deals_gbk.pbn", "--round", "1")
    assert Deal.objects.for_match(round_1).count() == 8


def test_a_broken_deal_imports_nothing_and_names_each_board_and_fault(round_1):
    with pytest.raises(CommandError) as caught:
        run("import_deals", round_1.event_id, DATA / "deals_broken.pbn", "--round", "1")
    assert "Board 3: West has 12 cards, not 13." in str(caught.value)
    assert "Board 5: ♥8 is in both North's and East's hands." in str(caught.value)
    assert not Deal.objects.exists()


def test_reimporting_needs_replace_then_replaces_the_rounds_deals(round_1):
    path = DATA / "deals_with_comments_and_statistics.pbn"
    run("import_deals", round_1.event_id, path, "--round", "1")
    with pytest.raises(CommandError, match="already has 16 deals"):
        run("import_deals", round_1.event_id, DATA / "deals_gbk.pbn", "--round", "1")
    assert Deal.objects.count() == 16
    run("import_deals", round_1.event_id, DATA / "deals_gbk.pbn", "--round", "1", "--replace")
    assert Deal.objects.count() == 8
    assert Deal.history.filter(history_type="-").count() == 16


def test_deals_for_a_round_without_matches_are_refused(round_1):
    with pytest.raises(CommandError, match="Round 2 has no matches"):
        run("import_deals", round_1.event_id, DATA / "deals_gbk.pbn", "--round", "2")


def test_boards_the_event_does_not_play_are_refused():
    short = make_match(make_event(boards_per_match=8, boards_per_segment=8))
    with pytest.raises(CommandError, match="Boards 9, 10, 11, 12, 13, 14, 15, 16 are not played"):
        run(
            "import_deals",
            short.event_id,
            DATA / "deals_with_comments_and_statistics.pbn",
            "--round",
            "1",
        )


def test_the_action_itself_refuses_boards_the_event_does_not_play():
    from matches import actions
    from matches.scoring.deals import Deal as Hands
    from matches.scoring.double_dummy import Analysis

    short = make_match(make_event(boards_per_match=8, boards_per_segment=8))
    hands = Hands.parse("N:AQ7654.92.Q52.J9 KJ98.T7.KJ8.Q543 T.AK643.74.AT862 32.QJ85.AT963.K7")
    with translation.override("en"), pytest.raises(actions.ActionError, match="Board 9 is not"):
        actions.import_deals(
            short.stage, 1, [(9, hands, Analysis({}, 0, ()))], source="x.pbn", user=None
        )


def test_import_results_fills_both_rooms_as_typed_entry_would(round_1):
    out, _ = run(
        "import_results", round_1.event_id, DATA / "results_table_devices.pbn", "--round", "1"
    )
    assert "4 results saved" in out
    open_1 = Result.objects.get(board__match=round_1, board__number=1, room="open")
    assert (str(open_1.contract), open_1.declarer, open_1.tricks, open_1.lead) == (
        "2NT",
        "E",
        8,
        "S6",
    )
    round_1.refresh_from_db()
    assert round_1.complete_boards == 2
    assert Result.history.filter(board__match=round_1).count() == 4


def test_results_that_conflict_with_saved_ones_import_nothing(round_1):
    enter(round_1, 2, "closed", "3NT", "N", "=")
    with pytest.raises(CommandError) as caught:
        run("import_results", round_1.event_id, DATA / "results_table_devices.pbn", "--round", "1")
    assert "already has a different result (3NT N =)" in str(caught.value)
    assert Result.objects.filter(board__match=round_1).count() == 1


def test_importing_the_same_results_twice_changes_nothing(round_1):
    path = DATA / "results_table_devices.pbn"
    run("import_results", round_1.event_id, path, "--round", "1")
    out, _ = run("import_results", round_1.event_id, path, "--round", "1")
    assert "4 results saved" in out
    assert Result.history.filter(board__match=round_1).count() == 4


def test_results_for_teams_not_playing_in_the_round_are_refused(round_1):
    with pytest.raises(CommandError, match="Round 2 has no match of Tigers"):
        run("import_results", round_1.event_id, DATA / "results_table_devices.pbn", "--round", "2")


def test_a_result_the_room_sheet_would_refuse_is_refused_from_a_file(round_1, tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text(
        '[Board "1"]\n[Room "Open"]\n[HomeTeam "Tigers"]\n[VisitTeam "Lions"]\n'
        '[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n[Lead "Z9"]\n'
    )
    with pytest.raises(CommandError, match="“Z9” is not a card"):
        run("import_results", round_1.event_id, path, "--round", "1")
    assert not Result.objects.exists()


def test_a_missing_event_or_file_is_a_clear_message(round_1):
    with pytest.raises(CommandError, match="There is no event 999"):
        run("import_deals", 999, DATA / "deals_gbk.pbn", "--round", "1")
    with pytest.raises(CommandError, match="Cannot read"):
        run("import_deals", round_1.event_id, DATA / "nothing.pbn", "--round", "1")
