"""Random strings posted to every field of every form: never a 500, always a message,
nothing saved that the rules reject."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.models import Result
from matches.scoring import Contract, ns_score
from tests.factories import make_match

pytestmark = pytest.mark.django_db

text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "0", "-1", "99", "1e9", "8NT", "7NT", "+7", "=", "N", "Z", "SQ",
                     "♠10", "４Ｓ", "PASS", "null", "<b>", "'; DROP TABLE x;--", "\x00", "١٢"]),
)  # fmt: skip
RELAXED = settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def match():
    return make_match()


def form_posts(match):
    """Return (url, field names, prefix) for every form a director fills in."""
    event = match.event
    return [
        (reverse("director-save-row", args=[match.pk, "open", 3]),
         ["contract", "declarer", "lead", "result", "version"], "b3-"),
        (reverse("director-event-new"), ["name", "date", "vp_scale", "boards_per_match",
         "boards_per_segment", "bye_vp", "average_plus", "average_minus"], ""),
        (reverse("director-team-new", args=[event.pk]), ["name", "captain", "players"], ""),
        (reverse("director-match-new", args=[event.pk]), ["round", "home", "away"], ""),
        (reverse("director-match", args=[match.pk]), ["segment", "s1-open_N", "s1-closed_E"], ""),
        (reverse("director-board-adjust", args=[match.pk, 2]),
         ["action", "art-home", "art-away", "art-reason", "asg-room", "asg-contract",
          "asg-declarer", "asg-result", "asg-reason"], ""),
        (reverse("director-forfeit", args=[match.pk]),
         ["forfeit-home_vp", "forfeit-away_vp", "forfeit-reason"], ""),
        (reverse("director-imp-penalty", args=[match.pk]),
         ["penalty-team", "penalty-imps", "penalty-reason"], ""),
        (reverse("director-vp-penalty", args=[event.pk]), ["vp-team", "vp-vp", "vp-reason"], ""),
        (reverse("director-status", args=[match.pk]), ["status", "reason"], ""),
        (reverse("signup"), ["username", "password1", "password2"], ""),
    ]  # fmt: skip


@RELAXED
@given(values=st.lists(text, min_size=9, max_size=9))
def test_random_strings_in_any_director_form_never_crash_it(director_client, match, values):
    for url, fields, prefix in form_posts(match):
        data = {prefix + name: value for name, value in zip(fields, values, strict=False)}
        data = {k: v.replace("\x00", "") for k, v in data.items()}  # a NUL never reaches Django
        response = director_client.post(url, data, headers={"HX-Request": "true"})
        assert response.status_code < 500, (url, data)
    for result in Result.objects.all():  # whatever was saved obeys the rules
        assert 0 <= result.tricks <= 13 if result.level else result.tricks is None
        ns_score(result.contract, result.declarer or None, result.tricks or 0, result.board.number)


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
    data = {"b5-contract": contract, "b5-declarer": declarer, "b5-lead": lead,
            "b5-result": result, "b5-version": current.version if current else 0}  # fmt: skip
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
