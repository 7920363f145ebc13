"""Typing a table's code at /t/ on the players' phones (390 px), in a real browser, every
phone reaching the server from one address as a club's phones do behind its router: 25
wrong codes from the club's phones do not stop a right one; past the allowance the
address waits, told for how long, and a chief director lifts the wait from the lock-outs
page, after which the phone's right code opens its table.

Each phone is a browser context of its own; so is the chief director's browser.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from matches import actions
from tests.browser.helpers import log_in, shot
from tests.factories import make_match, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a chief's long pass phrase"
WORDS = {
    "zh-CN": {
        "field": "牌桌代码",
        "open": "进入牌桌",
        "wrong": "没有代码为 {code} 的牌桌",
        "wait": "请在 15 秒后再输入代码",
        "lock-outs": "锁定名单",
        "lift": "解除 127.0.0.1 的等待",
        "lifted": "127.0.0.1 的手机又可以输入牌桌代码了。",
        "none": "没有地址被限制输入牌桌代码。",
    },
    "en-US": {
        "field": "Table code",
        "open": "Open the table",
        "wrong": "No table has the code {code}",
        "wait": "type the code again in 15 seconds",
        "lock-outs": "Lock-outs",
        "lift": "Lift the wait of 127.0.0.1",
        "lifted": "Phones at 127.0.0.1 may type table codes again.",
        "none": "No address is held back from typing table codes.",
    },
}


@pytest.fixture
def table(db):
    """Return a table (a room of a 4-board match) whose round's tables are open."""
    match = make_match(event_fields={"boards_per_match": 4, "boards_per_segment": 4})
    return actions.open_tables(match.stage, round_number=match.round, user=None)[0]


def wrong_code(number: int) -> str:
    """Return the ``number``th of many codes no table has."""
    return f"ZZ{number:04d}".translate(str.maketrans("01", "XY"))


def type_code(phone: Page, locale: str, code: str):
    """Type a code in /t/'s field and open the table, as a player does."""
    words = WORDS[locale]
    phone.get_by_label(words["field"], exact=True).fill(code)
    with phone.expect_navigation():
        phone.get_by_role("button", name=words["open"], exact=True).click()


def on_its_table(phone: Page, table):
    expect(phone).to_have_url(re.compile(rf"/t/{table.token}/$"))
    expect(phone.locator("#table-entry")).to_be_visible()


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_25_wrong_codes_from_one_address_then_a_right_one_opens_the_table(phones, table, locale):
    words = WORDS[locale]
    for clumsy in range(5):
        phone = phones(locale=locale)
        for slip in range(5):
            code = wrong_code(clumsy * 5 + slip)
            type_code(phone, locale, code)
            expect(phone.locator(".invalid-feedback")).to_contain_text(
                words["wrong"].format(code=code)
            )
            expect(phone.get_by_role("alert").filter(has_text=words["wait"])).to_have_count(0)
    joining = phones(locale=locale)
    type_code(joining, locale, table.code.lower())
    on_its_table(joining, table)


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_a_chief_director_lifts_the_wait_of_an_address_and_its_right_code_opens_the_table(
    page: Page, phones, table, locale, settings
):
    settings.TABLE_CODE_WRONG_RATE = "3/h"  # the live server runs in this process
    settings.TABLE_CODE_WAIT = 15
    words = WORDS[locale]
    guesser = phones(locale=locale)
    for number in range(4):
        type_code(guesser, locale, wrong_code(number))
    expect(guesser.locator(".code-page .alert-danger")).to_contain_text(words["wait"])
    shot(guesser, f"table-code-wait-{locale}-390")
    player = phones(locale=locale)  # at the same club, with the right code
    type_code(player, locale, table.code)
    expect(player.locator(".code-page .alert-danger")).to_be_visible()
    expect(player).to_have_url(re.compile(r"/t/$"))

    make_user("chief", chief=True, password=PASSWORD)
    log_in(page, "chief", PASSWORD)
    page.goto("/director/")
    page.get_by_role("link", name=words["lock-outs"], exact=True).click()
    row = page.locator("table.code-lockouts tbody tr").filter(has_text="127.0.0.1")
    expect(row.locator("td").nth(1)).to_have_text("4")
    expect(row.locator("td").nth(2)).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"))
    shot(page, f"code-lockouts-{locale}-1280")
    row.get_by_role("button", name=words["lift"]).click()
    expect(page.get_by_text(words["lifted"])).to_be_visible()
    expect(page.locator("table.code-lockouts")).to_contain_text(words["none"])

    type_code(player, locale, table.code)
    on_its_table(player, table)
