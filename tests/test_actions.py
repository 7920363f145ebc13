"""The actions layer's contract: final means final, one revision a change, upwards only,
and every change on record with who made it."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.models import (
    BoardAdjustment,
    Event,
    ImpPenalty,
    Match,
    Player,
    Result,
    Seating,
    Team,
    VpPenalty,
)
from matches.scoring import Contract
from tests.factories import enter, make_event, make_match, make_team

pytestmark = pytest.mark.django_db

FINAL = (
    "This match is final: a director must reopen it, giving a reason, before anything in it "
    "changes."
)

ZH_FINAL = "本场比赛已确认：须由裁判填写理由取消确认（改回暂定）后，才能作任何修改。"


@pytest.fixture
def match(director):
    """Return a final match: one board played in both rooms, a penalty, a forfeit-free
    match with seating, marked final by the director."""
    match = make_match(make_event(vp_scale="printed-25"))
    enter(match, 1, "open", "4H", "N", "=")
    enter(match, 1, "closed", "4H", "N", "-1")
    actions.add_imp_penalty(match, team=match.home, imps=2, reason="Slow play", user=director)
    home, away = list(match.home.players.all()), list(match.away.players.all())
    actions.set_seating(match, 1, {("open", "N"): home[0], ("open", "E"): away[0]}, user=director)
    actions.mark_final(match, confirm=True, user=director)
    return Match.objects.get(pk=match.pk)


def board(match, number=1):
    return match.boards.get(number=number)


def snapshot(match):
    """Return everything a change to the match could touch."""
    match = Match.objects.get(pk=match.pk)
    return {
        "results": list(Result.objects.filter(board__match=match).values()),
        "adjustments": list(BoardAdjustment.objects.filter(board__match=match).values()),
        "penalties": list(ImpPenalty.objects.filter(match=match).values()),
        "seating": list(Seating.objects.filter(match=match).values()),
        "match": Match.objects.filter(pk=match.pk).values().get(),
        "revision": Event.objects.get(pk=match.event_id).revision,
    }


EVERY_CHANGE_TO_A_MATCH = {
    "record a result": lambda m, u: actions.record_result(
        board(m, 2),
        "open",
        {"contract": Contract.parse("3NT"), "declarer": "S", "tricks": 9},
        version=0,
        user=u,
    ),
    "correct a result": lambda m, u: actions.record_result(
        board(m),
        "open",
        {"contract": Contract.parse("4H"), "declarer": "N", "tricks": 11},
        version=1,
        user=u,
    ),
    "assign a score": lambda m, u: actions.assign_result(
        board(m),
        "closed",
        {"contract": Contract.parse("4H"), "declarer": "N", "tricks": 10},
        reason="Misinformation",
        user=u,
    ),
    "give an artificial score": lambda m, u: actions.set_artificial_score(
        board(m, 3), home_imps=3, away_imps=-3, reason="Fouled board", user=u
    ),
    "take an artificial score away": lambda m, u: actions.clear_artificial_score(board(m), user=u),
    "add an IMP penalty": lambda m, u: actions.add_imp_penalty(
        m, team=m.away, imps=3, reason="Phone", user=u
    ),
    "remove an IMP penalty": lambda m, u: actions.remove_imp_penalty(m.imp_penalties.get(), user=u),
    "set a forfeit": lambda m, u: actions.set_forfeit(
        m, home_vp=Decimal(0), away_vp=Decimal(20), reason="No show", user=u
    ),
    "clear a forfeit": lambda m, u: actions.clear_forfeit(m, user=u),
    "change the seating": lambda m, u: actions.set_seating(m, 1, {("open", "N"): None}, user=u),
    "delete the match": lambda m, u: actions.delete_match(
        m, reason="Entered twice", confirm=True, user=u
    ),
}


@pytest.mark.parametrize("change", EVERY_CHANGE_TO_A_MATCH.values(), ids=EVERY_CHANGE_TO_A_MATCH)
def test_every_change_to_a_final_match_is_refused_with_the_same_message(match, director, change):
    before = snapshot(match)
    with pytest.raises(actions.MatchIsFinal) as refused:
        change(match, director)
    with translation.override("en"):
        assert str(refused.value) == FINAL
    with translation.override("zh-hans"):
        assert str(refused.value) == ZH_FINAL
    assert snapshot(match) == before  # nothing written, not even the revision


@pytest.mark.parametrize("change", EVERY_CHANGE_TO_A_MATCH.values(), ids=EVERY_CHANGE_TO_A_MATCH)
def test_every_change_goes_through_once_the_match_is_reopened_with_a_reason(
    match, director, change
):
    actions.reopen_match(match, reason="Board 1 scored wrongly", user=director)
    before = Event.objects.get(pk=match.event_id).revision
    change(match, director)
    assert Event.objects.get(pk=match.event_id).revision == before + 1  # once, whatever it did


def test_a_final_match_refuses_a_penalty_forfeit_and_seating_from_the_pages(director_client, match):
    """The fault of issue 9: VP went from 16:4 to 0:20 while the status stayed final."""
    stored = (match.home_vp, match.away_vp)
    pages = [
        (
            reverse("director-imp-penalty", args=[match.pk]),
            {"penalty-team": match.away_id, "penalty-imps": 5, "penalty-reason": "Phone"},
        ),
        (reverse("director-imp-penalty-delete", args=[match.pk, match.imp_penalties.get().pk]), {}),
        (
            reverse("director-forfeit", args=[match.pk]),
            {"forfeit-home_vp": "0", "forfeit-away_vp": "25", "forfeit-reason": "No show"},
        ),
        (reverse("director-forfeit", args=[match.pk]), {"action": "clear"}),
        (reverse("director-match", args=[match.pk]), {"segment": 1, "s1-open_N": ""}),
        (
            reverse("director-board-adjust", args=[match.pk, 2]),
            {"action": "artificial", "art-home": "plus", "art-away": "minus", "art-reason": "x"},
        ),
    ]
    for url, data in pages:
        page = director_client.post(url, data)
        assert page.status_code == 200, url
        assert FINAL in page.text, url
    match.refresh_from_db()
    assert (match.home_vp, match.away_vp) == stored and match.is_final
    assert match.imp_penalties.count() == 1 and match.seatings.count() == 2


def test_reopening_needs_a_reason_which_the_history_keeps(match, director):
    with translation.override("en"), pytest.raises(actions.ActionError, match="Give a reason"):
        actions.reopen_match(match, reason="  ", user=director)
    actions.reopen_match(match, reason="Board 1 scored wrongly", user=director)
    record = match.history.order_by("-history_date", "-history_id").first()
    assert (record.status, record.status_reason, record.history_user) == (
        "provisional",
        "Board 1 scored wrongly",
        director,
    )


def test_the_revision_goes_up_once_a_change_and_saving_a_stale_event_never_lowers_it(director):
    event = make_event()
    stale = Event.objects.get(pk=event.pk)  # a page read it now
    revisions = [Event.objects.get(pk=event.pk).revision]
    team = make_team(event, "Ash")
    revisions.append(Event.objects.get(pk=event.pk).revision)
    actions.change_team(team, name="Ash Grove", user=director)
    revisions.append(Event.objects.get(pk=event.pk).revision)
    assert revisions == [revisions[0], revisions[0] + 1, revisions[0] + 2]

    stale.name = "Renamed from an old page"
    stale.save()  # the old revision is never written back
    assert Event.objects.get(pk=event.pk).revision == revisions[-1]
    actions.change_event(stale, name="Renamed again", user=director)
    assert Event.objects.get(pk=event.pk).revision == revisions[-1] + 1


def test_a_refused_change_moves_no_revision(director):
    event = make_event()
    team = make_team(event, "Ash")
    before = Event.objects.get(pk=event.pk).revision
    with pytest.raises(actions.ActionError):
        actions.add_team(event, name="ash", user=director)  # the name is taken
    with pytest.raises(actions.ActionError):
        actions.change_event(event, boards_per_match=0, user=director)
    assert Event.objects.get(pk=event.pk).revision == before
    assert team.name == "Ash"


@pytest.mark.parametrize(
    ("what", "model"),
    [
        ("penalty", ImpPenalty),
        ("vp penalty", VpPenalty),
        ("forfeit", Match),
        ("seating", Seating),
        ("team", Team),
        ("player", Player),
        ("event", Event),
    ],
)
def test_every_decision_keeps_a_history_row_naming_the_director(director, what, model):
    match = make_match()
    event = match.event
    if what == "penalty":
        actions.add_imp_penalty(match, team=match.home, imps=1, reason="Slow", user=director)
    elif what == "vp penalty":
        actions.add_vp_penalty(event, team=match.home, vp=1, reason="Slow", user=director)
    elif what == "forfeit":
        actions.set_forfeit(
            match, home_vp=Decimal(12), away_vp=Decimal(0), reason="No show", user=director
        )
    elif what == "seating":
        player = match.home.players.first()
        actions.set_seating(match, 1, {("open", "N"): player}, user=director)
    elif what == "team":
        actions.change_team(match.home, captain="Li", user=director)
    elif what == "player":
        player = match.home.players.first()
        actions.change_team(match.home, rename={player: "Li Wei"}, user=director)
    else:
        actions.change_event(event, name="Spring teams", user=director)
    latest = model.history.order_by("-history_date", "-history_id").first()
    assert latest.history_user == director


def test_the_seating_changes_seat_by_seat_never_deleted_and_inserted_again(director):
    match = make_match()
    first, second = list(match.home.players.all())[:2]
    actions.set_seating(match, 1, {("open", "N"): first, ("open", "S"): second}, user=director)
    seat = Seating.objects.get(match=match, seat="N")
    actions.set_seating(match, 1, {("open", "N"): second, ("open", "S"): first}, user=director)
    assert Seating.objects.get(match=match, seat="N").pk == seat.pk  # the same row, changed
    kinds = list(Seating.history.filter(id=seat.pk).values_list("history_type", flat=True))
    assert sorted(kinds) == ["+", "~"]
