"""The opening lead checked against the hand record, in a real browser, in both
languages: a player's phone and the director's room sheet are refused a lead the player
on the declarer's left did not hold, beside the lead, with the declarer most likely meant."""

import pytest
from playwright.sync_api import expect

from matches import actions
from matches.models.stages import first_stage
from matches.scoring import board_dealer, board_vulnerability, double_dummy
from matches.scoring.deals import Deal
from tests.browser.helpers import board, log_in, type_row
from tests.factories import make_event, make_match, make_user
from tests.scoring.test_leads import DEAL
from tests.test_leads_checked import WRONG

pytestmark = pytest.mark.django_db(transaction=True)
LANGUAGES = {"zh-CN": "zh-hans", "en-US": "en"}


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
    actions.open_tables(first_stage(event), round_number=1, user=None)
    make_user("td", chief=True, password="lead checked 41A")
    return match


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_a_lead_the_leader_did_not_hold_is_refused_at_the_table_and_on_the_sheet(
    page, phones, match, locale
):
    wrong = WRONG[LANGUAGES[locale]]
    phone = phones(match.rooms.get(room="open"), locale, side="NS")
    phone.locator("#table-entry [data-level='4']").click()
    phone.locator("#table-entry [data-strain='S']").click()
    phone.locator("label[for=declarer-N]").click()
    phone.locator("#id_lead").fill("SJ")
    phone.locator("#table-entry [data-result='=']").click()
    phone.locator("#table-entry [type=submit]").click()
    expect(phone.locator("[data-error-for=lead]")).to_have_text(wrong)
    expect(phone.locator("#id_lead")).to_have_attribute("aria-invalid", "true")
    phone.locator("#id_lead").fill("S10")  # East's ten: North declared after all
    phone.locator("#table-entry [type=submit]").click()
    expect(board(phone, 1)).to_have_attribute("data-status", "waiting")

    page.context.add_cookies(
        [
            {
                "name": "django_language",
                "value": LANGUAGES[locale],
                "url": page.url if page.url.startswith("http") else phone.url,
            }
        ]
    )
    log_in(page, "td", "lead checked 41A")
    page.goto(f"/director/matches/{match.pk}/closed/")
    page.locator("#id_b1-contract").click()
    type_row(page, "4S", "N", "SJ", "=", end="Tab")
    expect(page.locator("#id_b1-lead_error")).to_have_text(wrong)
    expect(page.locator("#row-1")).not_to_have_attribute("data-saved", "true")
