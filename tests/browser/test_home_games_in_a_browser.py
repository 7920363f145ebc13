"""A player at the table keeps a rubber on a phone, corrects a deal, and starts over."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def add_deal(page: Page, side: str, contract: str, result: str, button: str):
    page.locator("#id_declarer").select_option(side)
    page.locator("#id_contract").fill(contract)
    page.locator("#id_result").fill(result)
    page.get_by_role("button", name=button).click()


@pytest.mark.parametrize(("locale", "add", "over"), [
    ("en-US", "Add deal", "Rubber to We."),
    ("zh-CN", "添加一副", "本盘我方胜。"),
])  # fmt: skip
def test_a_player_keeps_a_rubber_on_a_phone(page: Page, locale, add, over):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/games/rubber/")
    add_deal(page, "WE", "4S", "=", add)
    expect(page.locator(".we-total")).to_have_text("120")
    add_deal(page, "THEY", "2H", "+2", add)
    expect(page.locator(".they-total")).to_have_text("120")  # 60 below, 60 above
    add_deal(page, "WE", "3NT", "=", add)
    expect(page.locator(".rubber-state")).to_contain_text(over)
    expect(page.locator(".we-total")).to_have_text("920")  # 120 + 100 + 700

    page.reload()  # the sheet is kept in the session
    expect(page.locator(".we-total")).to_have_text("920")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_an_earlier_deal_is_corrected_and_the_totals_follow(page: Page):
    page.goto("/games/simplified/")
    for board, contract, declarer, result in (("1", "4S", "N", "="), ("2", "3NT", "E", "-1")):
        page.locator("#id_board").fill(board)
        page.locator("#id_contract").fill(contract)
        page.locator("#id_declarer").fill(declarer)
        page.locator("#id_result").fill(result)
        page.get_by_role("button", name="Add deal").click()
        expect(page.locator(f'tr[data-deal="{int(board) - 1}"]')).to_be_visible()
    expect(page.locator("tfoot .ns-total")).to_have_text("13")  # 11 + 2

    page.locator('tr[data-deal="0"]').get_by_role("link", name="Correct").click()
    expect(page.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    page.locator("#id_result").fill("+1")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot .ns-total")).to_have_text("14")  # 4+2+5+1 = 12, + 2

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Start over").click()
    expect(page.locator('tr[data-deal="0"]')).to_have_count(0)
