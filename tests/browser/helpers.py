"""What browser tests do as a user again and again: log in, type a row of a room sheet."""

from playwright.sync_api import Page, expect


def log_in(page: Page, username: str, password: str):
    """Log in through the login page, as a person would."""
    page.goto("/accounts/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("input[name=password]").press("Enter")
    expect(page.locator("form[action$='/logout/']")).to_be_attached()


def type_row(page: Page, contract="", declarer="", lead="", result="", end="Enter"):
    """Type a room-sheet row from the contract field on, Tab between fields, then ``end``."""
    page.keyboard.type(contract)
    for text in (declarer, lead, result):
        page.keyboard.press("Tab")
        page.keyboard.type(text)
    if end:
        page.keyboard.press(end)
