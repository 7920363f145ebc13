"""The score calculator as a person uses it: in headless Chromium, in English and in Chinese.

Expected scores are worked out here from the Laws (77 and 78B), not copied from the app:

Board 5: dealer North, North-South vulnerable.
  4SX by North, +1, vulnerable: 4×60 = 240 trick score, 200 for the doubled vulnerable
  overtrick, 50 for making a doubled contract, 500 game bonus: N-S +990.
  4S by South, -1, vulnerable: 100 to East-West: N-S -100.
  Difference 990 - (-100) = +1090, which is 14 IMPs (900-1090) to table 1's North-South.
  3NT by South, =, vulnerable: 40 + 2×30 = 100 trick score, 500 game bonus: N-S +600.
"""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

IN_CHINESE = pytest.mark.parametrize("locale", ["zh-CN"])
CHINESE_BUTTON = re.compile("中文")  # Django's local name for zh-hans is 简体中文

ENGLISH = {
    "board": "Board",
    "table 1": "Table 1 (open room)",
    "labels": ("Contract", "Declarer", "Result"),
    "north": "N",  # typed in the declarer's field
    "n-s vulnerable": "N-S vulnerable",
    "score it": "Score it",
}
CHINESE = {
    "board": "牌号",
    "table 1": "第一桌（开室）",
    "labels": ("定约", "庄家", "结果"),
    "north": "北",  # typed in the declarer's field
    "n-s vulnerable": "南北有局",
    "score it": "计分",
}


def table(page: Page, legend: str):
    """Return the fieldset of one table's result, found by its legend."""
    return page.get_by_role("group", name=legend)


def enter_result(fieldset, contract: str, declarer: str, result: str, *, labels=None):
    """Type a contract, a declarer (N, E, S, W or 北, 东, 南, 西) and a result."""
    contract_label, declarer_label, result_label = labels or ("Contract", "Declarer", "Result")
    fieldset.get_by_label(contract_label, exact=True).fill(contract)
    fieldset.get_by_label(declarer_label, exact=True).fill(declarer)
    fieldset.get_by_label(result_label, exact=True).fill(result)


def scored(page: Page, number: int):
    """Return the card showing the score of table ``number``."""
    return page.locator(f'.scored-result[data-table="{number}"]')


def tab_to(page: Page, target, limit: int = 20):
    """Press Tab until ``target`` has the focus, as a keyboard user would."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("element => element === document.activeElement"):
            return
    raise AssertionError(f"{target} was not reached in {limit} presses of Tab")


def test_in_english_board_5_scored_at_both_tables_gives_14_imps_to_north_south(page: Page):
    page.goto("/calculator/")
    expect(page).to_have_title(re.compile("Score calculator"))
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.get_by_label("Board").fill("5")
    board_info = page.locator(".board-facts")
    expect(board_info).to_contain_text("N-S vulnerable")
    expect(board_info.locator("dt", has_text="Dealer").locator("+ dd")).to_have_text("North")

    enter_result(table(page, "Table 1 (open room)"), "4SX", "n", "+1")
    enter_result(table(page, "Table 2 (closed room), optional"), "4S", "S", "-1")
    page.get_by_role("button", name="Score it").click()

    first = scored(page, 1)
    expect(first.get_by_role("heading")).to_have_text(
        re.compile(r"Table 1:\s+4♠X\s+by North\s+\+1\s+\(vulnerable\)")
    )
    expect(first.locator(".ns-score")).to_have_text("990")
    expect(first.locator(".ew-score")).to_have_text("")
    expect(first.locator(".score-breakdown .formula")).to_have_text("4×60 + 200 + 50 + 500 = 990")
    expect(first.locator(".score-breakdown tfoot .points")).to_have_text("990")
    expect(first.locator("code")).to_have_count(0)

    second = scored(page, 2)
    expect(second.get_by_role("heading")).to_have_text(
        re.compile(r"Table 2:\s+4♠\s+by South\s+-1\s+\(vulnerable\)")
    )
    expect(second.locator(".ns-score")).to_have_text("")
    expect(second.locator(".ew-score")).to_have_text("100")

    comparison = page.locator(".comparison")
    expect(comparison.locator(".difference")).to_have_text("+1090")
    expect(comparison.locator(".imps")).to_have_text("14")
    expect(comparison).to_contain_text("to table 1's North-South")


def test_dealer_and_vulnerability_follow_each_board_number_typed(page: Page):
    page.goto("/calculator/")
    board = page.get_by_label("Board")
    facts = page.locator(".board-facts")

    board.fill("5")
    expect(facts).to_contain_text("N-S vulnerable")
    board.fill("6")
    expect(facts).to_contain_text("E-W vulnerable", timeout=3_000)
    expect(facts.locator("dt", has_text="Dealer").locator("+ dd")).to_have_text("East")
    board.fill("7")
    expect(facts).to_contain_text("Both vulnerable")
    expect(facts.locator("dt", has_text="Dealer").locator("+ dd")).to_have_text("South")


def test_typing_a_board_number_leaves_the_calculator_address_alone(page: Page):
    page.goto("/calculator/")
    page.get_by_label("Board").fill("5")
    expect(page.locator(".board-facts")).to_contain_text("N-S vulnerable")
    expect(page).to_have_url(re.compile(r"/calculator/$"), timeout=3_000)


def test_the_spade_is_black_and_the_heart_is_red_in_a_scored_contract(page: Page):
    page.goto(
        "/calculator/?board=1&a-contract=4S&a-declarer=N&a-result=%3D"
        "&b-contract=4H&b-declarer=E&b-result=%3D"
    )
    spade = scored(page, 1).locator(".card-title .suit")
    heart = scored(page, 2).locator(".card-title .suit")
    expect(spade).to_have_text("♠")
    expect(spade).to_have_css("color", "rgb(17, 17, 17)")
    expect(heart).to_have_text("♥")
    expect(heart).to_have_css("color", "rgb(200, 16, 46)")


@IN_CHINESE
def test_in_chinese_3nt_by_south_made_on_board_5_scores_600_with_chinese_labels(page: Page):
    page.goto("/calculator/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.get_by_role("heading", level=1)).to_have_text("计分器")

    page.get_by_label(CHINESE["board"]).fill("5")
    board_info = page.locator(".board-facts")
    expect(board_info).to_contain_text("局况")
    expect(board_info).to_contain_text("南北有局")
    expect(board_info.locator("dt", has_text="发牌").locator("+ dd")).to_have_text("北")

    first = table(page, CHINESE["table 1"])
    for label in CHINESE["labels"]:  # 定约, 庄家, 结果
        expect(first.get_by_text(label, exact=True)).to_be_visible()
    enter_result(first, "3NT", "南", "=", labels=CHINESE["labels"])
    page.get_by_role("button", name=CHINESE["score it"]).click()

    card = scored(page, 1)
    expect(card.get_by_role("heading")).to_contain_text("第 1 桌")
    expect(card.get_by_role("heading")).to_contain_text("南家主打")
    expect(card.get_by_role("heading")).to_contain_text("有局")
    expect(card.locator(".score-table").get_by_role("columnheader")).to_have_text(["南北", "东西"])
    expect(card.locator(".ns-score")).to_have_text("600")
    expect(card.locator(".score-breakdown .formula")).to_have_text("40 + 2×30 + 500 = 600")
    expect(card.locator(".score-breakdown")).to_contain_text("基本分（墩分）")
    expect(card.locator(".score-breakdown")).to_contain_text("成局奖分")
    expect(card.locator(".score-breakdown")).to_contain_text("定约方得分")
    expect(page.locator(".comparison")).to_have_count(0)


def test_a_browser_asking_for_english_is_answered_in_english(page: Page):
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Bridge scoresheet")
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("locale", ["fr-FR"])
def test_a_browser_asking_for_another_language_is_answered_in_chinese(page: Page):
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.get_by_role("heading", level=1)).to_have_text("桥牌记分")


def test_the_chosen_language_is_remembered_across_page_loads(page: Page):
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Bridge scoresheet")

    page.get_by_role("button", name=CHINESE_BUTTON).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("桥牌记分")
    expect(page.get_by_role("button", name=CHINESE_BUTTON)).to_have_attribute(
        "aria-pressed", "true"
    )

    page.get_by_role("link", name="计分器").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("计分器")
    page.reload()
    expect(page.get_by_role("button", name="计分")).to_be_visible()
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("桥牌记分")

    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Bridge scoresheet")
    page.goto("/calculator/")
    expect(page.get_by_role("button", name="Score it")).to_be_visible()


@IN_CHINESE
def test_switching_to_english_stays_on_the_calculator_page(page: Page):
    page.goto("/calculator/")
    page.get_by_role("button", name="English").click()
    expect(page).to_have_url(re.compile(r"/calculator/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Score calculator")


@pytest.mark.parametrize(
    ("locale", "words", "message"),
    [
        ("en-US", ENGLISH, "The level must be 1 to 7 (you wrote “8NT”)."),
        ("zh-CN", CHINESE, "定约阶数须为 1 至 7（您填的是“8NT”）。"),
    ],
    ids=["en-US", "zh-CN"],
)
def test_a_contract_of_8nt_is_refused_beside_the_field_and_the_typing_is_kept(
    page: Page, words, message
):
    contract_label, declarer_label, result_label = words["labels"]
    page.goto("/calculator/")
    page.get_by_label(words["board"]).fill("5")
    expect(page.locator(".board-facts")).to_contain_text(words["n-s vulnerable"])
    first = table(page, words["table 1"])
    enter_result(first, "8NT", words["north"], "=", labels=words["labels"])
    page.get_by_role("button", name=words["score it"]).click()

    contract = first.get_by_label(contract_label, exact=True)
    feedback = first.locator(".invalid-feedback")
    expect(feedback).to_have_text(message)
    expect(feedback).to_be_visible()
    expect(contract).to_have_accessible_description(message)
    expect(contract).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".invalid-feedback")).to_have_count(1)
    expect(page.locator(".scored-result")).to_have_count(0)

    expect(page.get_by_label(words["board"])).to_have_value("5")
    expect(contract).to_have_value("8NT")
    expect(first.get_by_label(declarer_label, exact=True)).to_have_value(words["north"])
    expect(first.get_by_label(result_label, exact=True)).to_have_value("=")


def test_with_the_keyboard_alone_tab_through_the_fields_and_enter_scores_them(page: Page):
    page.goto("/calculator/")
    board = page.get_by_label("Board")
    first = table(page, "Table 1 (open room)")
    second = table(page, "Table 2 (closed room), optional")

    tab_to(page, board)
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    expect(page.locator(".board-facts")).to_contain_text("N-S vulnerable")

    for fieldset, contract, seat, result in (
        (first, "4SX", "N", "+1"),
        (second, "4S", "S", "-1"),
    ):
        page.keyboard.press("Tab")
        expect(fieldset.get_by_label("Contract")).to_be_focused()
        page.keyboard.type(contract)
        page.keyboard.press("Tab")
        expect(fieldset.get_by_label("Declarer")).to_be_focused()
        page.keyboard.type(seat)
        expect(fieldset.get_by_label("Declarer")).to_have_value(seat)
        page.keyboard.press("Tab")
        expect(fieldset.get_by_label("Result")).to_be_focused()
        page.keyboard.type(result)

    page.keyboard.press("Enter")

    expect(scored(page, 1).locator(".ns-score")).to_have_text("990")
    expect(scored(page, 2).locator(".ew-score")).to_have_text("100")
    expect(page.locator(".comparison .imps")).to_have_text("14")


def test_a_scored_result_has_an_address_that_shows_it_again_when_reloaded(page: Page):
    page.goto("/calculator/")
    page.get_by_label("Board").fill("5")
    expect(page.locator(".board-facts")).to_contain_text("N-S vulnerable")
    enter_result(table(page, "Table 1 (open room)"), "4SX", "N", "+1")
    enter_result(table(page, "Table 2 (closed room), optional"), "4S", "S", "-1")
    page.get_by_role("button", name="Score it").click()
    expect(page).to_have_url(re.compile(r"/calculator/\?board=5&"))

    page.reload()
    expect(scored(page, 1).locator(".ns-score")).to_have_text("990")
    expect(page.locator(".comparison .difference")).to_have_text("+1090")


def score_3nt_by_south_on_board_1(page: Page):
    """Score one table in English: 3NT by South, just made, not vulnerable (N-S +400)."""
    page.goto("/calculator/")
    enter_result(table(page, "Table 1 (open room)"), "3NT", "S", "=")
    page.get_by_role("button", name="Score it").click()
    expect(scored(page, 1).locator(".ns-score")).to_have_text("400")


def test_switching_language_after_scoring_keeps_the_scored_result(page: Page):
    score_3nt_by_south_on_board_1(page)
    page.get_by_role("button", name=CHINESE_BUTTON).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("计分器")
    expect(scored(page, 1).locator(".ns-score")).to_have_text("400", timeout=3_000)


def test_going_back_to_a_scored_result_shows_the_whole_page(page: Page):
    score_3nt_by_south_on_board_1(page)
    page.get_by_role("link", name="Bridge scoresheet").click()
    expect(page).to_have_url(re.compile(r"/$"))
    page.go_back()
    expect(scored(page, 1).locator(".ns-score")).to_have_text("400")
    expect(page.get_by_role("heading", level=1)).to_have_text("Score calculator", timeout=3_000)
    expect(page.get_by_role("navigation")).to_be_visible(timeout=3_000)


@pytest.mark.parametrize(
    "locale",
    [
        "en-US",
        "zh-CN",
    ],
)
def test_on_a_phone_the_scored_calculator_fits_the_width_of_the_screen(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(
        "/calculator/?board=5&a-contract=4SX&a-declarer=N&a-result=%2B1"
        "&b-contract=4S&b-declarer=S&b-result=-1"
    )
    expect(page.locator(".comparison .imps")).to_have_text("14")
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow == 0, f"the page is {overflow}px wider than the phone's screen"


@pytest.mark.parametrize(
    ("locale", "words", "message"),
    [
        ("en-US", ENGLISH, "A passed-out board has no declarer"),
        ("zh-CN", CHINESE, "四家不叫的牌没有庄家"),
    ],
    ids=["en-US", "zh-CN"],
)
def test_after_pressing_the_button_the_first_field_in_error_has_the_focus(
    page: Page, words, message
):
    page.goto("/calculator/")
    first = table(page, words["table 1"])
    enter_result(first, "PASS", "N", "=", labels=words["labels"])
    page.get_by_role("button", name=words["score it"]).click()
    declarer = first.get_by_label(words["labels"][1], exact=True)
    expect(declarer).to_be_focused()
    expect(declarer).to_have_accessible_description(re.compile(message))
    alerts = page.get_by_role("alert")
    expect(alerts).to_have_count(2)  # the declarer and the result, each beside its field
    expect(alerts.first).to_contain_text(message)


def test_4sxxx_gets_its_own_message_and_the_focus(page: Page):
    page.goto("/calculator/")
    first = table(page, "Table 1 (open room)")
    enter_result(first, "4SXXX", "N", "=")
    page.get_by_role("button", name="Score it").click()
    contract = first.get_by_label("Contract", exact=True)
    expect(contract).to_be_focused()
    expect(contract).to_have_accessible_description(
        "A contract is doubled (X) or redoubled (XX), never more (you wrote “4SXXX”)."
    )
