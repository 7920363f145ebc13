"""Placing matches of a knockout (matches/scoring/playoff.py): the match for third place
and the play-off for every place, with byes, laid out without the database."""

import pytest

from matches.scoring.playoff import (
    MAIN,
    PlayOff,
    decided,
    places,
    placing_errors,
    playoff,
    round_places,
)


def teams(count):
    return [f"T{n}" for n in range(1, count + 1)]


def play_to_the_end(seeds, placing, wins=lambda slot: slot.home):
    """Return the brackets once every match is played, ``wins`` picking each winner (the
    better seed by default), round after round as the teams become known."""
    winners = {}
    while True:
        brackets = playoff(seeds, placing, winners)
        ready = {
            (slot.bracket, slot.round, slot.position): wins(slot)
            for each in brackets
            for matches in each.rounds
            for slot in matches
            if not slot.bye and slot.home and slot.away and slot.winner is None
        }
        if not ready:
            return brackets
        winners.update(ready)


def matches_of(brackets, best):
    each = next(b for b in brackets if b.best == best)
    return [(s.round, s.home, s.away) for r in each.rounds for s in r if not s.bye]


def test_without_placing_matches_there_is_the_main_bracket_only():
    brackets = play_to_the_end(teams(8), PlayOff.NONE)
    assert [b.best for b in brackets] == [MAIN]
    assert places(brackets) == {"T1": (1, 1), "T2": (2, 1)}


def test_four_teams_the_losing_semi_finalists_play_for_third_beside_the_final():
    seeds = teams(4)
    semis = {(1, 1, 0): "T4", (1, 1, 1): "T2"}  # T4 beats T1, T2 beats T3
    brackets = playoff(seeds, PlayOff.THIRD, semis)
    assert [b.best for b in brackets] == [1, 3]
    assert matches_of(brackets, 3) == [(2, "T1", "T3")]  # the better seed at home
    final = playoff(seeds, PlayOff.THIRD, {**semis, (1, 2, 0): "T2", (3, 2, 0): "T3"})
    assert places(final) == {"T2": (1, 1), "T4": (2, 1), "T3": (3, 3), "T1": (4, 3)}
    assert decided(final)


def test_the_third_place_match_waits_for_both_semi_finals():
    brackets = playoff(teams(4), PlayOff.THIRD, {(1, 1, 0): "T1"})
    third = next(b for b in brackets if b.best == 3)
    assert [(s.home, s.away) for s in third.rounds[0]] == [("T4", None)]
    assert not decided(brackets)


def test_eight_teams_a_full_play_off_gives_every_place_in_three_rounds():
    brackets = play_to_the_end(teams(8), PlayOff.ALL)
    assert [(b.best, b.places) for b in brackets] == [(1, 8), (3, 2), (5, 4), (7, 2)]
    # the losers of quarter-finals 1 and 2 meet (T8 and T5), then 3 and 4 (T7 and T6)
    assert matches_of(brackets, 5) == [(2, "T5", "T8"), (2, "T6", "T7"), (3, "T5", "T6")]
    assert matches_of(brackets, 7) == [(3, "T7", "T8")]
    assert matches_of(brackets, 3) == [(3, "T3", "T4")]
    assert {team: place for team, (place, _b) in places(brackets).items()} == {
        f"T{n}": n for n in range(1, 9)
    }
    assert max(s.round for b in brackets for r in b.rounds for s in r) == 3


def test_with_upsets_the_places_follow_the_placing_matches_not_the_seeds():
    brackets = play_to_the_end(teams(8), PlayOff.ALL, wins=lambda slot: slot.away)
    ranking = sorted(places(brackets).items(), key=lambda item: item[1][0])
    assert [team for team, _ in ranking][:2] == ["T8", "T7"]  # the lower seed always won
    assert sorted(place for _t, (place, _b) in ranking) == list(range(1, 9))


def test_five_teams_the_one_quarter_final_loser_is_fifth_without_playing():
    brackets = play_to_the_end(teams(5), PlayOff.ALL)
    fifth = next(b for b in brackets if b.best == 5)
    assert all(slot.bye for r in fifth.rounds for slot in r)
    assert {team: place for team, (place, _b) in places(brackets).items()} == {
        f"T{n}": n for n in range(1, 6)
    }


def test_twelve_teams_with_four_byes_are_placed_one_to_twelve():
    brackets = play_to_the_end(teams(12), PlayOff.ALL)
    assert [b.best for b in brackets] == [1, 3, 5, 7, 9, 11]  # nobody plays for 13–16
    ninth = next(b for b in brackets if b.best == 9)
    assert all(slot.bye for slot in ninth.rounds[0])  # the byes had no losers to meet
    assert {team: place for team, (place, _b) in places(brackets).items()} == {
        f"T{n}": n for n in range(1, 13)
    }


def test_only_a_third_place_match_leaves_the_quarter_final_losers_unplaced():
    brackets = play_to_the_end(teams(8), PlayOff.THIRD)
    assert [b.best for b in brackets] == [1, 3]
    assert {place for place, _b in places(brackets).values()} == {1, 2, 3, 4}


def test_a_placing_winner_who_did_not_play_is_refused():
    with pytest.raises(ValueError, match="did not play"):
        playoff(teams(4), PlayOff.THIRD, {(1, 1, 0): "T1", (1, 1, 1): "T2", (3, 2, 0): "T1"})


@pytest.mark.parametrize(
    ("count", "placing", "refused"),
    [
        (3, PlayOff.THIRD, True),
        (3, PlayOff.ALL, True),
        (3, PlayOff.NONE, False),
        (4, PlayOff.THIRD, False),
        (4, PlayOff.ALL, False),
    ],
)
def test_placing_matches_need_four_teams(count, placing, refused):
    assert bool(placing_errors(count, placing)) is refused


@pytest.mark.parametrize(
    ("best", "number", "rounds", "teams", "expected"),
    [
        (3, 3, 3, 8, (3, 4)),
        (5, 2, 3, 8, (5, 8)),
        (5, 3, 3, 8, (5, 6)),
        (7, 3, 3, 8, (7, 8)),
        (5, 2, 3, 7, (5, 7)),
        (9, 2, 4, 12, (9, 12)),
        (11, 4, 4, 12, (11, 12)),
    ],
)
def test_a_placing_round_plays_for_the_places_below_its_bracket_best(
    best, number, rounds, teams, expected
):
    assert round_places(best, number, rounds, teams) == expected
