"""Errors that are heard: a form sent with mistakes says so where focus is, by keyboard only.

A full page that comes back with errors has a summary at the top (role="alert") that takes
focus, links to each field and puts "Error:" in the title; a form sent by htmx that comes
back with errors puts focus on its first invalid field; a failed login is an alert.
"""

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_event, make_user

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "errors are heard"


def log_in(page: Page, username: str):
    page.goto("/accounts/login/")
    page.locator("[name=username]").fill(username)
    page.locator("[name=password]").fill(PASSWORD)
    page.locator("[name=password]").press("Enter")
    expect(page.get_by_text(username)).to_be_visible()


@pytest.fixture
def director():
    return make_user("td", director=True, password=PASSWORD)


def test_a_form_sent_with_errors_focuses_a_summary_whose_links_lead_to_each_field(
    page: Page, director
):
    log_in(page, "td")
    page.goto("/director/events/new/")
    page.get_by_label("Boards per match").fill("0")
    page.get_by_role("button", name="Create event").press("Enter")

    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_have_attribute("role", "alert")
    expect(page).to_have_title("Error: New event · Bridge scoresheet")
    expect(summary.get_by_role("link")).to_have_text(
        ["Name: This field is required.", "Boards per match: A match has 1 to 200 boards."]
    )

    page.keyboard.press("Tab")
    expect(summary.get_by_role("link").first).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Boards per match")).to_be_focused()
    page.keyboard.type("16")


@pytest.mark.parametrize("locale", ["zh-CN"])
def test_the_summary_reads_in_chinese_with_full_width_punctuation(page: Page, director):
    log_in(page, "td")
    event = make_event(director, name="冬季联赛")
    page.goto(f"/director/events/{event.pk}/teams/new/")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("#error-summary")).to_be_focused()
    expect(page).to_have_title("错误：新建参赛队 · 冬季联赛 · 桥牌记分")
    expect(page.locator("#error-summary h2")).to_have_text("请改正以下内容：")
    link = page.locator("#error-summary a")
    expect(link).to_have_count(1)
    expect(link).to_contain_text("名称：")  # one string with its full-width colon


def test_a_failed_login_is_an_alert_that_takes_focus(page: Page, director):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("td")
    page.get_by_label("Password").fill("wrong")
    page.get_by_label("Password").press("Enter")
    summary = page.get_by_role("alert")
    expect(summary.first).to_be_focused()
    expect(summary.first).to_contain_text("Please enter a correct username and password.")
    expect(page).to_have_title("Error: Log in · Bridge scoresheet")


def test_a_form_sent_by_htmx_with_errors_puts_focus_on_its_first_invalid_field(page: Page):
    page.goto("/calculator/")
    page.locator("[name=a-contract]").fill("8NT")
    page.locator("[name=a-result]").fill("=")
    page.get_by_role("button", name="Score it").press("Enter")
    expect(page.locator("[name=a-contract]")).to_be_focused()
    expect(page.locator("[name=a-contract]")).to_have_attribute("aria-invalid", "true")


def test_help_text_is_linked_to_its_field(page: Page, director):
    log_in(page, "td")
    event = make_event(director)
    page.goto(f"/director/events/{event.pk}/teams/new/")
    expect(page.get_by_label("Players")).to_have_accessible_description("One name per line.")
