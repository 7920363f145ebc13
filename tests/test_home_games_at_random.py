"""Deals added, corrected and deleted at random on each game's page, as a careless player
might: never a server error, and the sheet never holds a deal the rules refuse."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.games_harness import HTMX, KINDS

pytestmark = pytest.mark.django_db

CONTRACTS = [
    "1C",
    "2S",
    "3NT",
    "4H",
    "4S",
    "5D",
    "6NT",
    "7CXX",
    "2HX",
    "PASS",
    "pass",
    "8NT",
    "4SXXX",
    "",
    "x",
    "４Ｓ",
]
SEATS = ["N", "e", "南", "W", "north", "", "Z"]
SIDES = ["WE", "THEY", "", "US"]
RESULTS = ["=", "+1", "-1", "-3", "+3", "10", "0", "", "x", "+9"]
LEADS = ["SQ", "黑桃Q", "h10", "", "ZZ"]
HONOURS = ["", "", "four-trump-honours", "five-trump-honours", "four-aces", "nonsense"]
TEXT = st.text(max_size=6)


def deal_fields(kind):
    """Return a strategy for what a player might type in a game's deal form."""
    common = {
        "contract": st.sampled_from(CONTRACTS) | TEXT,
        "result": st.sampled_from(RESULTS) | TEXT,
    }
    if kind == "rubber":
        extra = {
            "declarer": st.sampled_from(SIDES),
            "honours": st.sampled_from(HONOURS),
            "honours_side": st.sampled_from(SIDES),
        }
    else:
        extra = {"declarer": st.sampled_from(SEATS) | TEXT}
    if kind in ("tiebreak", "simplified"):
        extra["board"] = st.sampled_from(["1", "2", "3", "0", "", "x"]) | st.integers(-3, 20)
        extra["ns_hcp"] = st.sampled_from(["20", "21", "", "41"]) | st.integers(-1, 41)
    if kind == "tiebreak":
        extra["lead"] = st.sampled_from(LEADS) | TEXT
    return st.fixed_dictionaries({**common, **extra})


def settings_fields(kind):
    return {
        "tiebreak": st.fixed_dictionaries(
            {"method": st.sampled_from(["simple", "elaborate", "x"])}
        ),
        "rubber": st.fixed_dictionaries({"finished_early": st.sampled_from(["on", ""])}),
        "chicago": st.fixed_dictionaries(
            {
                "part_score_bonus": st.sampled_from(["fourth-deal", "unconverted", "?"]),
                "passed_out": st.sampled_from(["redeal", "counts"]),
                "vulnerability": st.sampled_from(["dealer", "non-dealer"]),
            }
        ),
        "simplified": st.just({}),
    }[kind]


def steps(kind):
    """Return a strategy for a player's session: a list of adds, corrections and deletes."""
    index = st.integers(-1, 12)
    return st.lists(
        st.one_of(
            st.tuples(st.just("add"), st.none(), deal_fields(kind)),
            st.tuples(st.just("add"), st.none(), deal_fields(kind)),
            st.tuples(st.just("correct"), index, deal_fields(kind)),
            st.tuples(st.just("delete"), index, st.just({"action": "delete"})),
            st.tuples(st.just("settings"), st.none(), settings_fields(kind)),
            st.tuples(st.just("edit"), index, st.just({})),
        ),
        max_size=14,
    )


def play(client, kind, session, seen=None):
    """Play the session on a fresh sheet; count in ``seen`` the refusals met, by reason."""
    client.post(reverse("game-restart", args=[kind]), headers=HTMX)
    for step, index, fields in session:
        if step == "add":
            response = client.post(reverse("game-deal", args=[kind]), fields, headers=HTMX)
        elif step == "settings" and kind == "simplified":
            continue  # no settings: the page has no such form
        elif step == "settings":
            response = client.post(reverse("game-settings", args=[kind]), fields, headers=HTMX)
        elif step == "edit":
            response = client.get(reverse("game", args=[kind]), {"edit": index})
        elif index < 0:
            continue  # no such address: the page never links it
        else:
            url = reverse("game-deal-edit", args=[kind, index])
            response = client.post(url, fields, headers=HTMX)
        assert response.status_code == 200, (step, index, fields, response.status_code)
        assert 'id="game"' in response.text
        assert "sheet-problems" not in response.text, (step, index, fields)
        if seen is not None:
            for reason in (
                "after the end of the rubber",
                "after its end",
                "board on the sheet twice",
            ):
                seen[reason] = seen.get(reason, 0) + (reason in response.text)


@pytest.mark.parametrize("kind", KINDS)
def test_random_adds_corrections_and_deletes_never_fail(client, kind):
    @settings(
        max_examples=25,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(steps(kind))
    def session(played):
        play(client, kind, played)

    session()


@pytest.mark.parametrize("kind", ["rubber", "simplified"])
def test_sessions_built_to_reach_the_rules_limits_never_fail(english, kind):
    client = english
    # Many valid deals: rubbers end, boards come twice; then random corrections and deletes.
    valid = (
        st.fixed_dictionaries(
            {
                "declarer": st.sampled_from(["WE", "THEY"]),
                "contract": st.sampled_from(["4S", "3NT", "2S"]),
                "result": st.just("="),
            }
        )
        if kind == "rubber"
        else st.one_of(
            st.fixed_dictionaries(
                {
                    "board": st.integers(1, 4),
                    "declarer": st.just("N"),
                    "contract": st.just("4S"),
                    "result": st.just("="),
                }
            ),
            st.fixed_dictionaries(
                {
                    "board": st.integers(1, 4),
                    "declarer": st.just(""),
                    "contract": st.just("PASS"),
                    "result": st.just(""),
                    "ns_hcp": st.sampled_from([20, 22]),
                }
            ),
        )
    )

    @settings(
        max_examples=40,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(
        st.lists(valid, min_size=3, max_size=6),
        st.lists(
            st.tuples(st.sampled_from(["delete", "delete", "correct"]), st.integers(0, 4), valid),
            min_size=1,
            max_size=4,
        ),
    )
    def session(adds, changes):
        played = [("add", None, fields) for fields in adds]
        played += [
            (step, index, {"action": "delete"} if step == "delete" else fields)
            for step, index, fields in changes
        ]
        play(client, kind, played, seen)

    if kind == "rubber":  # the rubber: deleting deal 2 would end it before deal 6
        we, they = (
            {"declarer": side, "contract": contract, "result": "="}
            for side, contract in (("WE", "2S"), ("THEY", "4H"))
        )
        session = example([we, they, we, we, we, we], [("delete", 1, we)])(session)
    seen = {}
    session()
    if kind == "rubber":  # the sessions did reach the refusals they are built for
        assert seen["after the end of the rubber"] + seen["after its end"] > 0, seen
