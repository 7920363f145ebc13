"""Double elimination stages through the actions and the database: the first round made
as the stage starts, each match made once its two teams are known (in the transaction
that marks a match final), the second final only when it is needed, a reopened match's
winner changing the match it fed, a tie decided by the director, the final ranking."""

import pytest

from matches import actions, queries
from matches.interchange import backup
from matches.models import Match
from matches.queries import double_bracket_rounds as double_brackets
from tests.double_elimination import double_elimination, number, open_matches, play, play_out

pytestmark = pytest.mark.usefixtures("messages_in_english")


@pytest.fixture
def td(director):
    return director


def test_starting_the_stage_makes_the_winners_first_round(td):
    event, stage = double_elimination(td, 8)
    made = actions.start_stage(stage, user=td)
    assert [(m.round, m.bracket, m.home.name, m.away.name) for m in made] == [
        (1, "", "Team 1", "Team 8"),
        (1, "", "Team 4", "Team 5"),
        (1, "", "Team 2", "Team 7"),
        (1, "", "Team 3", "Team 6"),
    ]
    assert all(m.carry_home == m.carry_away == 0 for m in made)


def test_marking_a_match_final_makes_every_match_whose_teams_are_now_known(td):
    event, stage = double_elimination(td, 8)
    first = actions.start_stage(stage, user=td)
    for match in first[:1]:
        play(match)
        assert actions.mark_final(match, user=td).advance.made == []
    play(first[1])
    made = actions.mark_final(first[1], user=td).advance.made
    # 1 beat 8, 4 beat 5: they meet in the winners' round 2, and 8 meets 5 in the losers'.
    assert [(m.round, m.bracket, m.home.name, m.away.name) for m in made] == [
        (2, "", "Team 1", "Team 4"),
        (2, "losers", "Team 5", "Team 8"),
    ]
    assert made[0].history.first().history_user == td


def test_eight_teams_play_fourteen_matches_when_the_winners_bracket_winner_wins(td):
    event, stage = double_elimination(td, 8)
    actions.start_stage(stage, user=td)
    played = play_out(td, stage)
    assert len(played) == 14
    grand_final = played[-1]
    assert (grand_final.bracket, grand_final.round) == ("final", 6)
    assert (grand_final.home.name, grand_final.away.name) == ("Team 1", "Team 2")
    outcome = queries.final_ranking(event)
    assert [(p.place, p.team.name) for p in outcome.placings] == [
        (1, "Team 1"),
        (2, "Team 2"),
        (3, "Team 3"),
        (4, "Team 4"),
        (5, "Team 5"),
        (6, "Team 6"),
        (7, "Team 7"),
        (8, "Team 8"),
    ]


def test_the_second_final_is_made_when_the_losers_bracket_winner_wins_the_first(td):
    event, stage = double_elimination(td, 4)
    actions.start_stage(stage, user=td)

    def wins(match):
        if match.bracket == "final":
            return False  # the losers' bracket winner takes the first final
        return number(match.home) < number(match.away)

    played = play_out(td, stage, wins)
    assert [m.bracket for m in played[-2:]] == ["final", "final-2"]
    second = played[-1]
    assert (second.round, second.home.name, second.away.name) == (5, "Team 1", "Team 2")
    outcome = queries.final_ranking(event)
    assert [p.team.name for p in outcome.placings[:2]] == ["Team 1", "Team 2"]
    assert outcome.placings[2].team.name == "Team 3"


def test_the_final_ranking_waits_for_the_second_final(td):
    event, stage = double_elimination(td, 4)
    actions.start_stage(stage, user=td)
    play_out(td, stage, lambda match: match.bracket != "final")
    # The second final was made and played by the rule: the home team (Team 1) won it.
    assert queries.final_ranking(event).winner.name == "Team 1"
    second = stage.matches_here().get(bracket="final-2")
    actions.reopen_match(second, reason="Board 2 was entered wrongly", user=td)
    assert queries.final_ranking(event) is None


def test_a_reopened_match_whose_winner_changes_moves_the_teams_of_the_matches_it_fed(td):
    event, stage = double_elimination(td, 4)
    one, two = actions.start_stage(stage, user=td)
    play(one)
    actions.mark_final(one, user=td)
    play(two)
    made = actions.mark_final(two, user=td).advance.made
    losers = next(m for m in made if m.bracket == "losers")
    assert (losers.home.name, losers.away.name) == ("Team 3", "Team 4")
    actions.reopen_match(two, reason="Board 1 was scored the wrong way round", user=td)
    play(two, home_wins=False)  # 3 beat 2 after all
    actions.mark_final(two, user=td)
    losers.refresh_from_db()
    assert (losers.home.name, losers.away.name) == ("Team 2", "Team 4")
    # Once it has results, its teams are no longer changed behind its back.
    play(losers)
    actions.reopen_match(two, reason="Board 1 again", user=td)
    play(two)
    with pytest.raises(actions.ActionError, match="has results already"):
        actions.mark_final(two, user=td)


def test_a_second_final_no_longer_needed_goes_when_the_first_finals_winner_changes(td):
    event, stage = double_elimination(td, 4)
    actions.start_stage(stage, user=td)
    waiting = True
    while waiting:
        waiting = [m for m in open_matches(stage) if m.bracket != "final-2"]
        for match in waiting:
            play(match, match.bracket != "final" and number(match.home) < number(match.away))
            actions.mark_final(match, user=td)
    final = stage.matches_here().get(bracket="final")
    assert stage.matches_here().filter(bracket="final-2").exists()
    actions.reopen_match(final, reason="The wrong way round", user=td)
    play(final)
    actions.mark_final(final, user=td)
    assert not stage.matches_here().filter(bracket="final-2").exists()
    assert queries.final_ranking(event).winner.name == "Team 1"


def test_a_level_match_waits_for_the_directors_decision(td):
    event, stage = double_elimination(td, 4)
    one, two = actions.start_stage(stage, user=td)
    play(one)
    actions.mark_final(one, user=td)
    play(two, home_wins=None)
    marked = actions.mark_final(two, user=td)
    assert marked.advance.tie and marked.advance.made == []
    decided = actions.decide_knockout_tie(
        two, winner=two.away, reason="Won the extra boards", user=td
    )
    assert sorted((m.bracket, m.home.name, m.away.name) for m in decided.advance.made) == [
        ("", "Team 1", "Team 3"),
        ("losers", "Team 2", "Team 4"),
    ]


def test_six_teams_give_byes_in_both_brackets_and_every_team_is_out_after_two_defeats(td):
    event, stage = double_elimination(td, 6)
    made = actions.start_stage(stage, user=td)
    assert [(m.home.name, m.away.name) for m in made] == [
        ("Team 4", "Team 5"),
        ("Team 3", "Team 6"),
    ]

    def wins(match):  # the worse seed wins, and the losers' bracket winner the first final
        return match.bracket != "final" and number(match.home) > number(match.away)

    played = play_out(td, stage, wins)
    assert len(played) == 2 * 6 - 1  # with the second final
    defeats = {}
    for match in Match.objects.filter(pk__in=[m.pk for m in played]):
        loser = match.away if match.knockout_winner() == match.home else match.home
        defeats[loser.name] = defeats.get(loser.name, 0) + 1
    winner = queries.final_ranking(event).winner.name
    assert defeats.pop(winner, 0) == 1
    assert set(defeats.values()) == {2} and len(defeats) == 5


def picture(event):
    """Return what the stage page shows of the brackets: each round's name, teams, winner."""
    stage = event.stages.get(number=1)
    stage.event = event
    return [
        (
            str(name),
            [
                (
                    s.bracket,
                    s.home and s.home.name,
                    s.away and s.away.name,
                    s.winner and s.winner.name,
                    s.match and s.match.bracket,
                )
                for s in slots
            ],
        )
        for name, slots in double_brackets.rounds(stage)
    ]


def test_the_json_backup_brings_the_stage_back_with_each_matchs_bracket(td):
    event, stage = double_elimination(td, 6)
    actions.start_stage(stage, user=td)
    play_out(td, stage, lambda match: match.bracket != "final" and number(match.home) < 4)
    document = backup.loads(backup.dumps(backup.export_event(event)))
    assert {m["bracket"] for m in document["matches"]} == {"", "losers", "final", "final-2"}
    copy = backup.import_event(document, user=td)
    assert copy.stages.get(number=1).kind == "double-elimination"
    assert picture(copy) == picture(event)
    assert queries.final_ranking(copy).winner.name == queries.final_ranking(event).winner.name


def test_teams_out_in_the_same_losers_round_can_share_its_first_place(td):
    event, stage = double_elimination(td, 8)
    actions.configure_stage(event, user=td, number=1, losers_by="shared")
    actions.start_stage(stage, user=td)
    play_out(td, stage)
    outcome = queries.final_ranking(event)
    assert [(p.place, p.shared) for p in outcome.placings] == [
        (1, False),
        (2, False),
        (3, False),
        (4, False),
        (5, True),
        (5, True),
        (7, True),
        (7, True),
    ]
