"""Every action that writes a text a director or a player typed refuses a NUL itself, with
a message for the field it came from: no database is asked to store one (PostgreSQL
refuses it with an error), whichever caller (a form, a command, an import) passed it on."""

from decimal import Decimal

import pytest

from matches import actions
from matches.models import Board, BoardAdjustment, ImpPenalty, Result, VpPenalty
from matches.scoring import Contract
from tests.factories import enter, make_match, make_user

NUL = "slow\x00play"


def four_spades():
    return {"contract": Contract.parse("4S"), "declarer": "N", "tricks": 10, "lead": ""}


CASES = {
    "add_imp_penalty": lambda m: actions.add_imp_penalty(
        m, team=m.home, imps=3, reason=NUL, user=None
    ),
    "add_vp_penalty": lambda m: actions.add_vp_penalty(
        m.event, team=m.home, vp=Decimal(1), reason=NUL, user=None
    ),
    "assign_result": lambda m: actions.assign_result(
        Board.objects.get(match=m, number=1), "open", four_spades(), reason=NUL, user=None
    ),
    "set_artificial_score": lambda m: actions.set_artificial_score(
        Board.objects.get(match=m, number=1), home_imps=3, away_imps=-3, reason=NUL, user=None
    ),
    "reopen_match": lambda m: actions.reopen_match(m, reason=NUL, user=None),
    "delete_match": lambda m: actions.delete_match(m, reason=NUL, confirm=True, user=None),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_action_refuses_a_nul_in_its_reason_and_writes_nothing(db, name):
    match = make_match()
    enter(match, 2, "open", "3NT", "S", "=")
    if name == "reopen_match":
        actions.mark_final(match, confirm=True, user=None)
    before = {
        model: model.objects.count() for model in (ImpPenalty, VpPenalty, Result, BoardAdjustment)
    }
    with pytest.raises(actions.ActionError) as refused:
        CASES[name](match)
    assert refused.value.field == "reason"
    assert "NUL" in str(refused.value)
    after = {model: model.objects.count() for model in before}
    assert after == before
    match.refresh_from_db()  # the match is still there, as it was


def test_taking_a_penalty_back_refuses_a_nul_in_the_reason(db):
    match = make_match()
    penalty = actions.add_imp_penalty(match, team=match.home, imps=3, reason="late", user=None)
    with pytest.raises(actions.ActionError):
        actions.remove_imp_penalty(penalty, reason=NUL, user=None)
    assert ImpPenalty.objects.filter(pk=penalty.pk).exists()


def test_a_saved_home_game_refuses_a_nul_in_its_name_or_its_deals(db):
    player = make_user("player")
    with pytest.raises(actions.ActionError) as refused:
        actions.save_game(owner=player, kind="rubber", name=NUL, settings={}, deals=[], user=player)
    assert refused.value.field == "name"
    game = actions.save_game(
        owner=player, kind="rubber", name="Friday", settings={}, deals=[], user=player
    )
    with pytest.raises(actions.ActionError) as refused:
        actions.update_game(game, settings={}, deals=[{"contract": NUL}], user=player)
    assert refused.value.field == "deals"
