"""Double elimination (双败淘汰) by matches.scoring.double_elimination: who meets whom,
the second final only when it is needed, and every team out after its second defeat."""

import itertools
import random

import pytest

from matches.scoring.double_elimination import (
    FINAL,
    LOSERS,
    SECOND_FINAL,
    WINNERS,
    bracket_round,
    double_bracket,
    drop_order,
    losers_rounds,
    playing_round,
    rounds_played_in,
)

TEAMS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456"


def better_seed(slot):
    return min((slot.home, slot.away), key=TEAMS.index)


def worse_seed(slot):
    return max((slot.home, slot.away), key=TEAMS.index)


def play_out(teams, pick, winners=None, second_final=True):
    """Return the bracket played to its winner, each match won by ``pick(slot)``."""
    seeds = list(TEAMS[:teams])
    winners = dict(winners or {})
    while True:
        layout = double_bracket(seeds, winners, second_final)
        waiting = [s for s in layout.slots() if s.ready and s.winner is None]
        if not waiting:
            return layout, winners
        for slot in waiting:
            winners[slot.key] = pick(slot)


def teams_of(slot):
    return {slot.home, slot.away}


def test_four_teams_play_the_winners_round_then_the_losers_meet():
    layout = double_bracket(list("ABCD"), {(WINNERS, 1, 0): "A", (WINNERS, 1, 1): "C"})
    winners_final, losers_first = layout.winners[1][0], layout.losers[0][0]
    assert (winners_final.home, winners_final.away) == ("A", "C")
    assert (losers_first.home, losers_first.away) == ("B", "D")
    assert losers_rounds(4) == 2


def test_eight_teams_meet_as_the_usual_bracket_has_it():
    layout, _winners = play_out(8, better_seed)
    assert [(s.home, s.away) for s in layout.winners[0]] == [
        ("A", "H"),
        ("D", "E"),
        ("B", "G"),
        ("C", "F"),
    ]
    assert [(s.home, s.away) for s in layout.winners[1]] == [("A", "D"), ("B", "C")]
    assert [(s.home, s.away) for s in layout.winners[2]] == [("A", "B")]
    # The losers of 1 v 8 and 4 v 5 meet, then the losers of 2 v 7 and 3 v 6.
    assert [(s.home, s.away) for s in layout.losers[0]] == [("E", "H"), ("F", "G")]
    # Winners' round 2's losers come down crossed over: D (top half) meets F from below.
    assert [(s.home, s.away) for s in layout.losers[1]] == [("C", "E"), ("D", "F")]
    assert [(s.home, s.away) for s in layout.losers[2]] == [("C", "D")]
    assert [(s.home, s.away) for s in layout.losers[3]] == [("B", "C")]
    assert [(s.home, s.away) for s in layout.finals] == [("A", "B")]
    assert (layout.champion, layout.runner_up) == ("A", "B")


def test_the_second_final_is_played_only_when_the_losers_bracket_winner_wins_the_first():
    layout, winners = play_out(8, better_seed)
    assert [s.bracket for s in layout.finals] == [FINAL]
    winners[(FINAL, 1, 0)] = "B"
    layout = double_bracket(list(TEAMS[:8]), winners)
    assert [s.bracket for s in layout.finals] == [FINAL, SECOND_FINAL]
    second = layout.finals[1]
    assert (second.home, second.away, second.winner) == ("A", "B", None)
    assert layout.champion is None
    winners[(SECOND_FINAL, 1, 0)] = "B"
    layout = double_bracket(list(TEAMS[:8]), winners)
    assert (layout.champion, layout.runner_up) == ("B", "A")
    assert layout.defeats["B"] == 1 and layout.defeats["A"] == 2


def test_with_one_final_the_losers_bracket_winner_who_wins_it_wins_the_stage():
    # The CBA's A-class club league final: the two finalists play once.
    layout, winners = play_out(4, better_seed)
    winners[(FINAL, 1, 0)] = "B"
    layout = double_bracket(list("ABCD"), winners, second_final=False)
    assert [s.bracket for s in layout.finals] == [FINAL]
    assert (layout.champion, layout.runner_up) == ("B", "A")
    assert layout.defeats["A"] == 1 and layout.defeats["B"] == 1
    assert [(p.place, p.teams) for p in layout.places()] == [
        (1, ["B"]),
        (2, ["A"]),
        (3, ["C"]),
        (4, ["D"]),
    ]


def test_with_one_final_there_is_no_second_final_to_win():
    _layout, winners = play_out(4, better_seed)
    winners[(FINAL, 1, 0)] = "B"
    with pytest.raises(ValueError, match="has not been drawn"):
        double_bracket(list("ABCD"), {**winners, (SECOND_FINAL, 1, 0): "A"}, False)


@pytest.mark.parametrize("teams", [3, 5, 8, 13])
def test_with_one_final_the_stage_plays_one_match_fewer_at_most(teams):
    def underdog_final(slot):
        return worse_seed(slot) if slot.bracket == FINAL else better_seed(slot)

    once, _winners = play_out(teams, underdog_final, second_final=False)
    twice, _winners = play_out(teams, underdog_final)
    assert len(once.slots()) == len(twice.slots()) - 1
    assert once.champion == twice.finals[0].winner == twice.runner_up


def test_a_second_final_cannot_be_won_before_it_is_needed():
    _layout, winners = play_out(4, better_seed)
    with pytest.raises(ValueError, match="has not been drawn"):
        double_bracket(list("ABCD"), {**winners, (SECOND_FINAL, 1, 0): "A"})


def test_a_winner_who_did_not_play_the_match_is_refused():
    with pytest.raises(ValueError, match="did not play"):
        double_bracket(
            list("ABCD"), {(WINNERS, 1, 0): "A", (WINNERS, 1, 1): "C", (LOSERS, 1, 0): "A"}
        )


def test_a_losers_match_whose_teams_are_not_known_cannot_be_won():
    with pytest.raises(ValueError, match="not been drawn yet"):
        double_bracket(list("ABCD"), {(LOSERS, 1, 0): "B"})


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6, 7, 8, 11, 16, 23, 32])
@pytest.mark.parametrize("pick", [better_seed, worse_seed, "random"])
def test_every_team_is_out_after_exactly_two_defeats_except_the_winner(teams, pick):
    if pick == "random":
        chance = random.Random(teams)
        pick = lambda slot: chance.choice([slot.home, slot.away])  # noqa: E731
    layout, _winners = play_out(teams, pick)
    assert layout.champion is not None
    assert layout.defeats.get(layout.champion, 0) <= 1
    others = set(TEAMS[:teams]) - {layout.champion}
    assert {team: layout.defeats[team] for team in others} == dict.fromkeys(others, 2)
    assert set(layout.out) == others
    places = [(place.place, team) for place in layout.places() for team in place.teams]
    assert sorted(team for _place, team in places) == sorted(TEAMS[:teams])
    # A place shared by k teams covers k places: every place from 1 to n is taken.
    covered = sorted(place.place + i for place in layout.places() for i in range(len(place.teams)))
    assert covered == list(range(1, teams + 1))


@pytest.mark.parametrize(("teams", "matches"), [(4, 6), (6, 10), (8, 14), (16, 30), (32, 62)])
def test_the_stage_plays_two_matches_per_team_less_two_without_the_second_final(teams, matches):
    layout, _winners = play_out(teams, better_seed)
    played = [s for s in layout.slots() if not s.bye]
    assert len(played) == matches  # Wikipedia: 2n − 2, or 2n − 1 with the second final


def test_six_teams_give_the_top_two_seeds_byes_and_their_losers_bracket_partners_byes():
    layout = double_bracket(list("ABCDEF"))
    assert [(s.home, s.away, s.bye) for s in layout.winners[0]] == [
        ("A", None, True),
        ("D", "E", False),
        ("B", None, True),
        ("C", "F", False),
    ]
    # The losers of D v E and C v F would meet the byes' losers, who do not exist.
    assert [(s.home, s.bye) for s in layout.losers[0]] == [(None, True), (None, True)]
    layout, _winners = play_out(6, better_seed)
    assert [(s.home, s.bye) for s in layout.losers[0]] == [("E", True), ("F", True)]
    assert [(s.home, s.away) for s in layout.losers[1]] == [("C", "E"), ("D", "F")]
    assert [p.place for p in layout.places()] == [1, 2, 3, 4, 5]
    assert [p.teams for p in layout.places()][-1] == ["E", "F"]


def test_five_teams_leave_an_empty_place_in_the_losers_first_round():
    layout, _winners = play_out(5, better_seed)
    assert [(s.home, s.bye) for s in layout.losers[0]] == [("E", True)]


def test_no_team_meets_again_at_once_when_it_drops_from_the_winners_second_round():
    # Eight teams, every result of the first two winners' rounds and of the losers' round
    # 1: a team coming down from the winners' round 2 never meets a team it has played.
    seeds = list(TEAMS[:8])
    for results in itertools.product((0, 1), repeat=8):
        picks = iter(results)
        winners = {}
        layout = double_bracket(seeds, winners)
        for slot in layout.winners[0]:
            winners[slot.key] = (slot.home, slot.away)[next(picks)]
        layout = double_bracket(seeds, winners)
        for slot in layout.winners[1] + layout.losers[0]:
            winners[slot.key] = (slot.home, slot.away)[next(picks)]
        layout = double_bracket(seeds, winners)
        met = [teams_of(s) for s in layout.winners[0] + layout.winners[1] + layout.losers[0]]
        for slot in layout.losers[1]:
            assert teams_of(slot) not in met


def test_the_losers_of_later_winners_rounds_come_down_crossed_over():
    assert drop_order(4, 2) == [3, 2, 1, 0]
    assert drop_order(4, 3) == [2, 3, 0, 1]
    assert drop_order(2, 4) == [1, 0]
    assert drop_order(1, 5) == [0]


@pytest.mark.parametrize("teams", [4, 6, 8, 16, 32])
def test_each_bracket_round_has_its_own_playing_round_after_the_ones_it_needs(teams):
    layout = double_bracket(list(TEAMS[:teams]))
    for slot in layout.slots():
        assert bracket_round(slot.bracket, slot.playing_round, teams) == slot.round
    # A losers' round is played after the winners' round whose losers it takes.
    for number in range(2, losers_rounds(teams) + 1, 2):
        assert playing_round(LOSERS, number, teams) > playing_round(WINNERS, number // 2 + 1, teams)
    assert playing_round(FINAL, 1, 8) == 6 and playing_round(SECOND_FINAL, 1, 8) == 7


def test_sixteen_teams_place_the_losers_round_by_round():
    layout, _winners = play_out(16, better_seed)
    assert [(p.place, len(p.teams)) for p in layout.places()] == [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 2),
        (7, 2),
        (9, 4),
        (13, 4),
    ]


def test_each_round_of_the_stage_plays_the_bracket_rounds_the_slots_are_played_in():
    for teams in (2, 3, 5, 8, 13, 16):
        layout = double_bracket(list(TEAMS[:teams]))
        slots = [s for r in layout.winners + layout.losers for s in r] + layout.finals
        last = 2 * (len(layout.winners)) + 1
        for played_in in range(1, last + 1):
            expected = {(s.bracket, s.round) for s in slots if s.playing_round == played_in}
            named = set(rounds_played_in(played_in, teams))
            assert expected <= named, (teams, played_in)
        assert rounds_played_in(last + 1, teams) == []


def test_eight_teams_play_the_winners_and_losers_rounds_side_by_side_then_the_finals():
    assert [rounds_played_in(n, 8) for n in range(1, 8)] == [
        [(WINNERS, 1)],
        [(WINNERS, 2), (LOSERS, 1)],
        [(LOSERS, 2)],
        [(WINNERS, 3), (LOSERS, 3)],
        [(LOSERS, 4)],
        [(FINAL, 1)],
        [(SECOND_FINAL, 1)],
    ]
