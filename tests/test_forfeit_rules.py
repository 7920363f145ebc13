"""A forfeit's VP: bounded by the match's own stage's scale, checked by the action itself."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.models import Match
from tests.factories import enter, make_event, make_match, make_team
from tests.knockout_cup import knockout

pytestmark = pytest.mark.django_db


def second_stage_match(event_scale, stage_scale, user):
    """Return a match of stage 2, a round robin on ``stage_scale``, of an event on
    ``event_scale`` (stage 1 plays by the event's)."""
    event = make_event(vp_scale=event_scale, boards_per_match=12, boards_per_segment=12)
    for number in range(1, 5):
        make_team(event, f"Team {number}")
    first = actions.configure_stage(event, user=user, number=1, kind="round-robin")
    for match in actions.start_stage(first, user=user):
        actions.mark_final(match, user=user, confirm=True)
    second = actions.configure_stage(
        event, user=user, number=2, kind="round-robin", vp_scale=stage_scale
    )
    match = actions.start_stage(second, user=user)[0]
    assert match.settings.vp_scale == stage_scale != match.event.vp_scale
    return Match.objects.get(pk=match.pk)


def post_forfeit(client, match, home, away, reason="Away team did not come"):
    url = reverse("director-forfeit", args=[match.pk])
    data = {"forfeit-home_vp": home, "forfeit-away_vp": away, "forfeit-reason": reason}
    return client.post(url, data)


def stored_forfeit(match):
    match.refresh_from_db()
    return match.forfeit_home_vp, match.forfeit_away_vp


def test_a_forfeit_in_a_25_vp_stage_of_a_20_vp_event_may_give_25(director_client, director):
    match = second_stage_match("wbf-2013", "printed-25", director)
    response = post_forfeit(director_client, match, "25", "0")
    assert response.status_code == 302, response.content.decode()
    assert stored_forfeit(match) == (25, 0)
    assert (match.home_vp, match.away_vp) == (25, 0)


def test_a_forfeit_in_a_20_vp_stage_of_a_25_vp_event_is_bounded_by_20(director_client, director):
    match = second_stage_match("printed-25", "wbf-2013", director)
    page = post_forfeit(director_client, match, "23", "0").text
    assert "VP are 0 to 20 on this stage&#x27;s scale." in page
    assert stored_forfeit(match) == (None, None)
    assert post_forfeit(director_client, match, "20", "0").status_code == 302
    assert stored_forfeit(match) == (20, 0)


@pytest.mark.parametrize(
    ("home", "away", "field"),
    [
        (Decimal(99), Decimal(0), "home_vp"),
        (Decimal(10), Decimal(-5), "away_vp"),
        (Decimal("20.01"), Decimal(0), "home_vp"),
        (Decimal("1.234"), Decimal(0), "home_vp"),  # VP are kept to hundredths
        (Decimal("NaN"), Decimal(0), "home_vp"),
        (None, Decimal(0), "home_vp"),
        ("18", Decimal(0), "home_vp"),
    ],
)
def test_the_action_refuses_vp_off_the_scale_whoever_calls_it(director, home, away, field):
    match = make_match(make_event(vp_scale="wbf-2013"))
    with pytest.raises(actions.ActionError) as refused:
        actions.set_forfeit(match, home_vp=home, away_vp=away, reason="No show", user=director)
    assert refused.value.field == field
    assert stored_forfeit(match) == (None, None)


def test_the_action_bounds_the_vp_by_the_matchs_own_stage(director):
    match = second_stage_match("printed-25", "wbf-2013", director)
    with pytest.raises(actions.ActionError) as refused:
        actions.set_forfeit(
            match, home_vp=Decimal(25), away_vp=Decimal(0), reason="No show", user=director
        )
    with translation.override("en"):
        assert str(refused.value) == "VP are 0 to 20 on this stage's scale."
    match = second_stage_match("wbf-2013", "printed-25", director)
    actions.set_forfeit(
        match, home_vp=Decimal(25), away_vp=Decimal(0), reason="No show", user=director
    )
    assert stored_forfeit(match) == (25, 0)


@pytest.mark.parametrize("reason", ["", "   ", "x" * 201, "bad\x00reason"])
def test_the_action_refuses_a_forfeit_without_a_proper_reason(director, reason):
    match = make_match(make_event(vp_scale="printed-25"))
    with pytest.raises(actions.ActionError) as refused:
        actions.set_forfeit(
            match, home_vp=Decimal(18), away_vp=Decimal(0), reason=reason, user=director
        )
    assert refused.value.field == "reason"
    assert stored_forfeit(match) == (None, None)


def test_the_form_shows_the_actions_refusal_beside_each_field(director_client):
    match = make_match(make_event(vp_scale="wbf-2013"))
    page = post_forfeit(director_client, match, "21", "-1").text
    for name in ("home_vp", "away_vp"):
        beside = page.split(f'id="id_forfeit-{name}"', 1)[1].split("</div>", 2)
        assert "VP are 0 to 20 on this event&#x27;s scale." in "".join(beside[:2])
    assert stored_forfeit(match) == (None, None)


def test_a_knockout_match_refuses_a_forfeit_and_says_how_a_walkover_is_recorded(
    director_client, director
):
    """A knockout is won on IMPs with the carry-over: points given for a forfeit would
    decide nothing. The director's match page says what to do instead, and the action
    refuses points sent to it anyway, beside the field."""
    match = knockout(4, director).matches.filter(round=1).order_by("pk").first()
    page = director_client.get(reverse("director-match", args=[match.pk]))
    assert "for a walkover, mark the match final as it stands" in page.text
    assert '<h2 class="h5">Walkover</h2>' in page.text  # not "Forfeit or walkover"
    assert 'name="forfeit-home_vp"' not in page.text
    refused = post_forfeit(director_client, match, "1", "0")
    assert "A knockout match gives no points to forfeit" in refused.text
    with pytest.raises(actions.ActionError, match="no points to forfeit"):
        actions.set_forfeit(
            match, home_vp=Decimal(1), away_vp=Decimal(0), reason="Walkover", user=director
        )
    assert stored_forfeit(match) == (None, None)
    director_client.cookies["django_language"] = "zh-hans"
    chinese = director_client.get(reverse("director-match", args=[match.pk])).text
    assert "淘汰赛的比赛没有可判给的分数" in chinese
    assert '<h2 class="h5">弃权</h2>' in chinese and "弃权判分" not in chinese


def test_a_walkover_in_a_knockout_is_recorded_as_the_directors_match_page_says(director):
    """The page's advice, followed: a match not played at all stands level and is decided
    on the tie's page; where the team that withdrew was ahead, the boards it did not play
    get adjusted scores first, and the other team goes through when the match is final."""
    stage = knockout(4, director)
    not_played, withdrawn = stage.matches.filter(round=1).order_by("pk")[:2]
    level = actions.mark_final(not_played, user=director, confirm=True)
    assert level.advance.tie
    decided = actions.decide_knockout_tie(
        level, winner=level.away, reason="Walkover: the home team did not come", user=director
    )
    assert decided.decided_winner_id == level.away_id
    # the home team won board 1, then withdrew: board 2 is given to the away team
    enter(withdrawn, 1, "open", "4S", "N", "=", user=director)
    enter(withdrawn, 1, "closed", "4S", "N", "-1", user=director)
    board = withdrawn.boards.get(number=2)
    actions.set_artificial_score(
        board,
        home_imps=-20,
        away_imps=20,
        reason="Walkover: the home team withdrew",
        user=director,
    )
    final = actions.mark_final(Match.objects.get(pk=withdrawn.pk), user=director, confirm=True)
    assert not final.advance.tie
    assert final.away_imps > final.home_imps
    (next_match,) = [m for m in final.advance.made if withdrawn.away_id in (m.home_id, m.away_id)]
    assert withdrawn.home_id not in (next_match.home_id, next_match.away_id)
