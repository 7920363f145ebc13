"""Random strings posted to every field of every form: never a 500, always a message,
nothing saved that the rules reject."""

from decimal import Decimal

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.actions import settings_errors
from matches.actions.events import SETTINGS
from matches.models import Event, ImpPenalty, Match, Player, Result, Team, VpPenalty
from matches.scoring import Card, Contract, ns_score
from matches.text import text_errors
from tests.factories import make_match

pytestmark = pytest.mark.django_db

text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "99",
            "1e9",
            "8NT",
            "7NT",
            "+7",
            "=",
            "N",
            "Z",
            "SQ",
            "♠10",
            "４Ｓ",
            "PASS",
            "null",
            "<b>",
            "'; DROP TABLE x;--",
            "\x00",
            "١٢",
        ]
    ),
)
RELAXED = settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def match():
    return make_match()


def form_posts(match):
    """Return (url, field names, prefix) for every form a director fills in."""
    event = match.event
    return [
        (
            reverse("director-save-row", args=[match.pk, "open", 3]),
            ["contract", "declarer", "lead", "result", "version"],
            "b3-",
        ),
        (
            reverse("director-event-new"),
            [
                "name",
                "date",
                "vp_scale",
                "boards_per_match",
                "boards_per_segment",
                "bye_vp",
                "average_plus",
                "average_minus",
            ],
            "",
        ),
        (reverse("director-team-new", args=[event.pk]), ["name", "captain", "players"], ""),
        (reverse("director-match-new", args=[event.pk]), ["round", "home", "away"], ""),
        (reverse("director-match", args=[match.pk]), ["segment", "s1-open_N", "s1-closed_E"], ""),
        (
            reverse("director-board-adjust", args=[match.pk, 2]),
            [
                "action",
                "art-home",
                "art-away",
                "art-reason",
                "asg-room",
                "asg-contract",
                "asg-declarer",
                "asg-result",
                "asg-reason",
            ],
            "",
        ),
        (
            reverse("director-forfeit", args=[match.pk]),
            ["forfeit-home_vp", "forfeit-away_vp", "forfeit-reason"],
            "",
        ),
        (
            reverse("director-imp-penalty", args=[match.pk]),
            ["penalty-team", "penalty-imps", "penalty-reason"],
            "",
        ),
        (reverse("director-vp-penalty", args=[event.pk]), ["vp-team", "vp-vp", "vp-reason"], ""),
        (reverse("director-status", args=[match.pk]), ["status", "reason"], ""),
        (reverse("signup"), ["username", "password1", "password2"], ""),
    ]


@RELAXED
@given(values=st.lists(text, min_size=9, max_size=9))
def test_random_strings_in_any_director_form_never_crash_it(director_client, match, values):
    for url, fields, prefix in form_posts(match):
        data = {prefix + name: value for name, value in zip(fields, values, strict=False)}
        data = {k: v.replace("\x00", "") for k, v in data.items()}  # a NUL never reaches Django
        response = director_client.post(url, data, headers={"HX-Request": "true"})
        assert response.status_code < 500, (url, data)
    assert_saved_data_obeys_the_rules()


def assert_saved_data_obeys_the_rules():
    """Check what was saved against the forms' rules, beyond what the database's own
    constraints (tricks 0 to 13, a known room, two teams, boards from 1) already refuse."""
    for event in Event.objects.all():
        values = {name: getattr(event, name) for name in SETTINGS}
        assert settings_errors(values) == [], values
    for name in Team.objects.values_list("name", flat=True):
        assert name == name.strip() and not text_errors(name, required=True, most=80), name
    for name in Player.objects.values_list("name", flat=True):
        assert name == name.strip() and not text_errors(name, required=True, most=80), name
    for result in Result.objects.select_related("board"):
        contract = result.contract
        assert str(Contract.parse(str(contract))) == str(contract)
        if contract.is_pass:  # a passed-out board has no declarer, lead or tricks
            assert (result.declarer, result.lead, result.tricks) == ("", "", None)
        else:
            assert result.declarer in "NESW" and result.declarer and result.tricks is not None
            assert result.lead == "" or str(Card.parse(result.lead)) == result.lead
            ns_score(contract, result.declarer, result.tricks, result.board.number)
    for penalty in ImpPenalty.objects.all():
        assert 1 <= penalty.imps <= 100 and penalty.reason.strip() and "\x00" not in penalty.reason
    for penalty in VpPenalty.objects.all():
        assert Decimal(0) < penalty.vp <= 25 and penalty.reason.strip()
    for match in Match.objects.select_related("event"):
        if match.forfeit_home_vp is not None:
            top = 25 if match.event.vp_scale == "printed-25" else 20
            assert 0 <= match.forfeit_home_vp <= top and 0 <= match.forfeit_away_vp <= top
            assert match.forfeit_reason.strip()


@RELAXED
@given(contract=text, declarer=text, result=text, board=text)
def test_random_strings_in_the_calculator_get_a_message_or_a_score(
    client, contract, declarer, result, board
):
    data = {"board": board, "a-contract": contract, "a-declarer": declarer, "a-result": result}
    data = {k: v.replace("\x00", "") for k, v in data.items()}
    page = client.get(reverse("calculator"), data)
    assert page.status_code == 200
    assert ("invalid-feedback" in page.text) != ("scored-result" in page.text)


@RELAXED
@given(contract=text, declarer=text, lead=text, result=text)
def test_a_rejected_row_saves_nothing_and_an_accepted_one_scores(
    director_client, match, contract, declarer, lead, result
):
    url = reverse("director-save-row", args=[match.pk, "closed", 5])
    current = Result.objects.filter(board__match=match, board__number=5, room="closed").first()
    data = {
        "b5-contract": contract,
        "b5-declarer": declarer,
        "b5-lead": lead,
        "b5-result": result,
        "b5-version": current.version if current else 0,
    }
    data = {k: v.replace("\x00", "") if isinstance(v, str) else v for k, v in data.items()}
    response = director_client.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    after = Result.objects.filter(board__match=match, board__number=5, room="closed").first()
    if 'data-saved="true"' in response.text:
        assert after is not None and after.version == (current.version if current else 0) + 1
        assert str(after.contract) == str(Contract.parse(contract))
    else:
        assert "invalid-feedback" in response.text or "alert" in response.text
        assert (after.version if after else 0) == (current.version if current else 0)
