import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.scoring.swiss import (
    Draw,
    Note,
    Skip,
    Why,
    met_pairs,
    pair,
    random_order,
    ranking_round,
)


def apart(*pairs):
    """Return the ``met`` set from strings like "AB" (A and B have met)."""
    return {frozenset(text) for text in pairs}


def test_round_one_pairs_straight_down_the_seeding_higher_seed_at_home():
    draw = pair(list("ABCDEF"), set())
    assert draw == Draw([("A", "B"), ("C", "D"), ("E", "F")], None, {}, ())


def test_a_team_plays_the_highest_ranked_team_it_has_not_met():
    draw = pair(list("ABCDEF"), apart("AB"))
    assert draw.tables == [("A", "C"), ("B", "D"), ("E", "F")]
    assert draw.notes == {1: Note((Skip("B", Why.MET),))}


def test_the_look_ahead_passes_over_a_team_when_the_rest_could_not_be_paired():
    # A v B would leave C and D, who have met: A plays C and B plays D instead.
    draw = pair(list("ABCD"), apart("CD"))
    assert draw.tables == [("A", "C"), ("B", "D")]
    assert draw.notes == {1: Note((Skip("B", Why.LOOK_AHEAD),))}
    assert draw.repeats == []


def test_the_look_ahead_reaches_past_the_next_table():
    # A-B, then C-D would leave E and F, who met; C-E leaves D-F, who met too: C plays F.
    draw = pair(list("ABCDEF"), apart("EF", "DF", "CE"))
    assert draw.tables == [("A", "B"), ("C", "F"), ("D", "E")]
    assert draw.notes == {2: Note((Skip("D", Why.LOOK_AHEAD), Skip("E", Why.MET)))}


def test_with_an_odd_number_the_lowest_ranked_team_gets_the_bye():
    draw = pair(list("ABCDE"), set())
    assert (draw.tables, draw.bye, draw.bye_skipped) == ([("A", "B"), ("C", "D")], "E", ())


def test_the_bye_passes_over_teams_that_had_one():
    draw = pair(list("ABCDE"), set(), had_bye={"E", "D"})
    assert draw.bye == "C"
    assert draw.bye_skipped == (Skip("E", Why.HAD_BYE), Skip("D", Why.HAD_BYE))
    assert draw.tables == [("A", "B"), ("D", "E")]


def test_the_bye_passes_over_a_team_when_the_rest_could_not_be_paired_without_a_repeat():
    # C has met A, B and D: with E on a bye, C could not play. D takes the bye instead.
    draw = pair(list("ABCDE"), apart("CA", "CB", "CD"))
    assert draw.bye == "D"
    assert draw.bye_skipped == (Skip("E", Why.LOOK_AHEAD),)
    assert draw.tables == [("A", "B"), ("C", "E")]


def test_when_every_team_has_had_a_bye_the_lowest_ranked_gets_another():
    assert pair(list("ABC"), set(), had_bye=set("ABC")).bye == "C"


def test_four_teams_that_have_all_met_repeat_straight_down_and_the_draw_says_so():
    draw = pair(list("ABCD"), apart("AB", "AC", "AD", "BC", "BD", "CD"))
    assert draw.tables == [("A", "B"), ("C", "D")]
    assert draw.repeats == [("A", "B"), ("C", "D")]
    assert all(note.repeat for note in draw.notes.values())


def test_an_unavoidable_repeat_is_kept_to_one_and_pushed_to_the_bottom():
    # Only A-B, C-D, A-C, B-D have not been played among six teams that met a lot: one
    # repeat is unavoidable, and it goes to the bottom table (E v F).
    played = {frozenset(p) for p in ("AE", "AF", "BC", "BE", "BF", "CE", "CF", "DE", "DF")}
    played |= {frozenset("AD"), frozenset("EF")}
    draw = pair(list("ABCDEF"), played)
    assert draw.tables == [("A", "B"), ("C", "D"), ("E", "F")]
    assert draw.repeats == [("E", "F")]


def test_three_teams_with_a_bye_each_round_meet_again_after_three_rounds():
    ranking, met, byes = list("ABC"), set(), set()
    for _ in range(3):
        draw = pair(ranking, met, byes)
        assert not draw.repeats
        met |= {frozenset(table) for table in draw.tables}
        byes.add(draw.bye)
    assert byes == set("ABC")
    assert pair(ranking, met, byes).repeats == [("A", "B")]


def test_eleven_teams_play_seven_rounds_with_a_new_bye_each_round_and_no_repeat():
    rng = random.Random(11)
    teams = [f"T{n}" for n in range(1, 12)]
    strength = {team: rng.random() for team in teams}
    vp = dict.fromkeys(teams, 0.0)
    met, byes = set(), []
    for _ in range(7):
        ranking = sorted(teams, key=lambda team: (-vp[team], teams.index(team)))
        draw = pair(ranking, met, set(byes))
        assert draw.repeats == []
        assert draw.bye not in byes
        byes.append(draw.bye)
        vp[draw.bye] += 12
        for home, away in draw.tables:
            met.add(frozenset((home, away)))
            home_vp = min(20.0, max(0.0, 10 + 10 * (strength[home] - strength[away])))
            vp[home] += home_vp
            vp[away] += 20 - home_vp
    assert len(set(byes)) == 7


def test_teams_not_in_the_ranking_are_ignored_in_met_and_had_bye():
    draw = pair(list("ABCD"), apart("AZ", "BY"), had_bye={"Z"})
    assert draw.tables == [("A", "B"), ("C", "D")]


@pytest.mark.parametrize(
    ("ranking", "message"), [(list("ABA"), "listed twice"), (["A"], "at least two")]
)
def test_a_ranking_that_cannot_be_drawn_is_refused(ranking, message):
    with pytest.raises(ValueError, match=message):
        pair(ranking, set())


def test_a_met_pair_must_be_two_teams():
    with pytest.raises(ValueError, match="two different teams"):
        pair(list("AB"), {frozenset("A")})


def test_met_pairs_keep_every_earlier_meeting_apart_by_default():
    meetings = [("A", "B", 1), ("C", "D", 1), ("A", "C", 2), ("B", "D", 3)]
    assert met_pairs(meetings, 3) == apart("AB", "CD", "AC")


def test_with_repeats_allowed_after_three_rounds_a_round_two_pair_may_meet_in_round_six():
    meetings = [("A", "B", 2)]
    assert [bool(met_pairs(meetings, n, repeats_after=3)) for n in (3, 4, 5, 6, 7)] == [
        True,
        True,
        True,
        False,
        False,
    ]


@pytest.mark.parametrize(
    ("next_round", "delayed", "expected"),
    [(1, False, 0), (2, False, 1), (5, False, 4), (1, True, 0), (2, True, 0), (5, True, 3)],
)
def test_a_delayed_swiss_ranks_round_n_plus_one_after_round_n_minus_one(
    next_round, delayed, expected
):
    assert ranking_round(next_round, delayed) == expected


def test_a_random_first_round_order_is_the_same_for_the_same_seed():
    teams = [f"team {n}" for n in range(20)]
    assert random_order(teams, 1234) == random_order(teams, 1234)
    assert random_order(teams, 1234) != random_order(teams, 1235)
    assert sorted(random_order(teams, 99)) == sorted(teams)


# The rule worked out the slow way, by trying every pairing of the rest: the draw must agree.
def reference(ranking, met, had_bye=frozenset()):
    @cache
    def fewest(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        return min(
            (frozenset((first, o)) in met) + fewest(tuple(t for t in others if t != o))
            for o in others
        )

    rest = tuple(ranking)
    bye = None
    if len(rest) % 2:
        eligible = [t for t in rest if t not in had_bye] or list(rest)
        need = {t: fewest(tuple(x for x in rest if x != t)) for t in eligible}
        best = min(need.values())
        bye = [t for t in reversed(rest) if t in eligible and need[t] == best][0]
        rest = tuple(t for t in rest if t != bye)
    budget = fewest(rest)
    tables = []
    while rest:
        home, others = rest[0], rest[1:]
        choice = None
        for allow_repeat in (False, True):
            for other in others:
                repeat = frozenset((home, other)) in met
                if repeat and not allow_repeat:
                    continue
                left = tuple(t for t in others if t != other)
                if fewest(left) + repeat <= budget:
                    choice = other
                    budget -= repeat
                    break
            if choice is not None:
                break
        tables.append((home, choice))
        rest = tuple(t for t in others if t != choice)
    return tables, bye, fewest


@st.composite
def fields(draw):
    n = draw(st.integers(2, 9))
    teams = list(range(n))
    every = [frozenset((a, b)) for a in teams for b in teams if a < b]
    met = frozenset(draw(st.lists(st.sampled_from(every), max_size=len(every))))
    had_bye = frozenset(draw(st.lists(st.sampled_from(teams), max_size=n)))
    return teams, met, had_bye


@settings(max_examples=400)
@given(fields())
def test_the_draw_is_the_top_down_pairing_with_look_ahead_and_fewest_repeats(field):
    teams, met, had_bye = field
    draw = pair(teams, met, had_bye)
    tables, bye, fewest = reference(teams, met, had_bye)
    assert (draw.tables, draw.bye) == (tables, bye)
    rest = tuple(t for t in teams if t != bye)
    assert len(draw.repeats) == fewest(rest)
    for number, (home, away) in enumerate(draw.tables, start=1):
        assert home < away  # the higher-ranked team is at home
        note = draw.notes.get(number)
        assert (note is not None and note.repeat) == (frozenset((home, away)) in met)


@settings(max_examples=200)
@given(fields())
def test_every_team_is_drawn_once(field):
    teams, met, had_bye = field
    draw = pair(teams, met, had_bye)
    drawn = [team for table in draw.tables for team in table] + [draw.bye] * (draw.bye is not None)
    assert sorted(drawn) == teams
