"""The opening lead checked against the hand record (Law 41A: the player on declarer's
left leads): once the round's deals are known, a lead that leader did not hold is refused
on the room sheet and at the table, naming the declarer most likely meant. The deal is
tests/scoring/test_leads.py's: West holds ♠J, East ♠10."""

import html

import pytest
from django.urls import reverse

from matches import actions
from matches.models import Result
from matches.models.stages import first_stage
from matches.scoring import board_dealer, board_vulnerability, double_dummy
from matches.scoring.deals import Deal
from tests.factories import make_event, make_match
from tests.phones import Phone
from tests.scoring.test_leads import DEAL

WRONG = {
    "en": "♠J was in West's hand, and East leads against North: is the declarer South rather "
    "than North?",
    "zh-hans": "♠J 在西家手中，而对北家的定约由东家首攻：庄家是否应为南家而不是北家？",
}


@pytest.fixture
def match(db):
    event = make_event(boards_per_match=4, boards_per_segment=4)
    actions.change_event(event, table_lead=True, user=None)
    match = make_match(event)
    hands = Deal.parse(DEAL.pbn())
    [analysis] = double_dummy.analyse([(hands, board_dealer(1), board_vulnerability(1))])
    actions.import_deals(
        first_stage(event), 1, [(1, hands, analysis)], source="club.pbn", user=None
    )
    return match


def sheet_row(client, match, lead, declarer="N"):
    return client.post(
        reverse("director-save-row", args=[match.pk, "open", 1]),
        {
            "b1-contract": "4S",
            "b1-declarer": declarer,
            "b1-lead": lead,
            "b1-result": "=",
            "b1-version": 0,
        },
        HTTP_HX_REQUEST="true",
    )


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_room_sheet_refuses_a_lead_the_leader_did_not_hold(director_client, match, language):
    director_client.cookies["django_language"] = language
    refused = sheet_row(director_client, match, "SJ")
    assert WRONG[language] in html.unescape(refused.content.decode())
    assert 'id="id_b1-lead_error"' in refused.content.decode()  # beside the lead
    assert not Result.objects.exists()
    assert sheet_row(director_client, match, "SJ", declarer="S").status_code == 200
    assert Result.objects.get().declarer == "S"


def test_a_board_without_its_deal_takes_any_lead(director_client, match):
    director_client.post(
        reverse("director-save-row", args=[match.pk, "open", 2]),
        {
            "b2-contract": "4S",
            "b2-declarer": "N",
            "b2-lead": "SJ",
            "b2-result": "=",
            "b2-version": 0,
        },
        HTTP_HX_REQUEST="true",
    )
    assert Result.objects.get().lead == "SJ"


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_a_table_is_refused_a_lead_the_leader_did_not_hold(match, language):
    table = actions.open_tables(match.stage, round_number=1, user=None)[0]
    phone = Phone(table, "NS", language=language)
    refused = phone.enter(1, "4S", "N", "=", lead="SJ")
    assert refused.status_code == 409 and refused.json()["code"] == "lead"
    assert refused.json()["errors"]["lead"] == [WRONG[language]]
    assert phone.enter(1, "4S", "N", "=", lead="S10").json()["ok"]
