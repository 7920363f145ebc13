"""Players keep home games in headless Chromium: a rubber on a phone, 贴点 with opening
leads, a correction, a refused delete, and errors that take the keyboard focus."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "en-US": {
        "add": "Add deal",
        "we": "We",
        "they": "They",
        "contract": "Contract",
        "declarer": "Declarer",
        "lead": "Opening lead",
        "result": "Result",
        "board": "Board",
        "hcp": "N-S high-card points",
    },
    "zh-CN": {
        "add": "添加一副",
        "we": "我方",
        "they": "他方",
        "contract": "定约",
        "declarer": "庄家",
        "lead": "首攻",
        "result": "结果",
        "board": "牌号",
        "hcp": "南北大牌点",
    },
}


def deal_form(page: Page):
    return page.locator("form.deal-form")


def add_rubber_deal(page: Page, words, side: str, contract: str, result: str):
    form = deal_form(page)
    form.get_by_label(words[side], exact=True).check()
    form.get_by_label(words["contract"], exact=True).fill(contract)
    form.get_by_label(words["result"], exact=True).fill(result)
    form.get_by_role("button", name=words["add"]).click()


def fits_the_screen(page: Page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


@pytest.mark.parametrize(
    ("locale", "over"), [("en-US", "Rubber to We."), ("zh-CN", "本盘我方胜。")]
)
def test_a_player_keeps_a_rubber_on_a_phone(page: Page, locale, over):
    words = WORDS[locale]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/games/rubber/")
    add_rubber_deal(page, words, "we", "4S", "=")
    expect(page.locator(".we-total")).to_have_text("120")
    add_rubber_deal(page, words, "they", "2H", "+2")
    expect(page.locator(".they-total")).to_have_text("120")  # 60 below, 60 above
    add_rubber_deal(page, words, "we", "3NT", "=")
    expect(page.locator(".rubber-state")).to_contain_text(over)
    expect(page.locator(".we-total")).to_have_text("920")  # 120 + 100 + 700

    page.reload()  # the sheet is kept in the session
    expect(page.locator(".we-total")).to_have_text("920")
    fits_the_screen(page)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_tiebreak_deal_with_an_opening_lead_is_added(page: Page, locale):
    # The deal: board 1, 4♠ by North, lead ♠Q, made, N-S 24 high-card points.
    words = WORDS[locale]
    page.goto("/games/tiebreak/")
    form = deal_form(page)
    form.get_by_label(words["board"], exact=True).fill("1")
    form.get_by_label(words["contract"], exact=True).fill("4S")
    form.get_by_label(words["declarer"], exact=True).fill("N" if locale == "en-US" else "北")
    form.get_by_label(words["lead"], exact=True).fill("SQ" if locale == "en-US" else "黑桃Q")
    form.get_by_label(words["result"], exact=True).fill("=")
    form.get_by_label(words["hcp"], exact=True).fill("24")
    form.get_by_role("button", name=words["add"]).click()
    row = page.locator('tr[data-deal="0"]')
    expect(row).to_contain_text("♠Q")
    # 420 to N-S is 9 IMPs; they give 4 for the points over 20: 5 IMPs to N-S.
    expect(page.locator("tfoot .ns-total")).to_have_text("5")


def test_an_earlier_deal_is_corrected_and_the_totals_follow(page: Page):
    page.goto("/games/simplified/")
    for board, contract, declarer, result in (("1", "4S", "N", "="), ("2", "3NT", "E", "-1")):
        form = deal_form(page)
        form.get_by_label("Board", exact=True).fill(board)
        form.get_by_label("Contract", exact=True).fill(contract)
        form.get_by_label("Declarer", exact=True).fill(declarer)
        form.get_by_label("Result", exact=True).fill(result)
        form.get_by_role("button", name="Add deal").click()
        expect(page.locator(f'tr[data-deal="{int(board) - 1}"]')).to_be_visible()
    expect(page.locator("tfoot .ns-total")).to_have_text("13")  # 11 + 2
    expect(page.locator('tr[data-deal="0"] .working')).to_have_text("4 + 2 + 5 = 11")

    page.get_by_role("link", name="Correct deal 1").click()
    expect(page.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    deal_form(page).get_by_label("Result", exact=True).fill("+1")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot .ns-total")).to_have_text("14")  # 4+2+5+1 = 12, + 2

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Start over").click()
    expect(page.locator('tr[data-deal="0"]')).to_have_count(0)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_a_deal_with_errors_puts_the_focus_on_the_first_field_in_error(page: Page, locale):
    words = WORDS[locale]
    page.goto("/games/chicago/")
    form = deal_form(page)
    form.get_by_label(words["contract"], exact=True).fill("4S")
    form.get_by_label(words["declarer"], exact=True).fill("Z")
    form.get_by_label(words["result"], exact=True).fill("x")
    form.get_by_role("button", name=words["add"]).click()
    declarer = deal_form(page).get_by_label(words["declarer"], exact=True)
    expect(declarer).to_be_focused()
    expect(declarer).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_role("alert")).to_have_count(2)
    expect(declarer).to_have_value("Z")


def test_a_refused_delete_says_why_and_takes_the_focus(page: Page):
    words = WORDS["en-US"]
    page.goto("/games/rubber/")
    for side, contract in [("we", "2S"), ("they", "4H")] + [("we", "2S")] * 4:
        count = page.locator(".rubber-deals tbody tr").count()
        add_rubber_deal(page, words, side, contract, "=")
        expect(page.locator(".rubber-deals tbody tr")).to_have_count(count + 1)
    page.locator(".rubber-deals summary").click()
    page.get_by_role("button", name="Delete deal 2").click()
    notice = page.locator(".sheet-notice")
    expect(notice).to_have_text(re.compile("Deleting deal 2 would leave deal 6 .* after the end"))
    expect(notice).to_be_focused()
    expect(page.locator(".rubber-deals tbody tr")).to_have_count(6)


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_chicago_house_rules_are_chosen_and_named_on_a_phone(page: Page, locale):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/games/chicago/")
    label = "A passed-out deal" if locale == "en-US" else "四家不叫的牌"
    option = (
        "House rule: counts as one of the four; the next dealer deals"
        if locale == "en-US"
        else "本桌约定：算作四副之一，由下一位发牌"
    )
    page.locator(".settings-box summary").click()  # the rules are folded away on a phone
    page.get_by_label(label, exact=True).select_option(label=option)
    page.get_by_role("button", name="Apply" if locale == "en-US" else "应用").click()
    named = (
        "a passed-out deal counts as one of the four"
        if locale == "en-US"
        else "四家不叫的牌算作四副之一"
    )
    expect(page.locator(".house-rules")).to_contain_text(named)
    fits_the_screen(page)
    deal_form(page).get_by_label("Contract" if locale == "en-US" else "定约", exact=True).fill("2S")
    declarer = "N" if locale == "en-US" else "北"
    deal_form(page).get_by_label(WORDS[locale]["declarer"], exact=True).fill(declarer)
    deal_form(page).get_by_label(WORDS[locale]["result"], exact=True).fill("=")
    deal_form(page).get_by_role("button", name=WORDS[locale]["add"]).click()
    total = "Total so far: N-S 60, E-W 0." if locale == "en-US" else "目前合计：南北 60，东西 0。"
    expect(page.locator(".running-totals")).to_have_text(total)  # seen without scrolling
