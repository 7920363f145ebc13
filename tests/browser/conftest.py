"""Fixtures for the browser tests: Debian's headless Chromium, driven by Playwright's sync API.

One browser is started for the whole session; each test gets a fresh context (no cookies,
its own language) and a page whose relative addresses go to pytest-django's live server.

If /usr/bin/chromium is missing the tests are skipped, unless REQUIRE_BROWSER=1 (as in CI),
when they fail instead. Never run ``playwright install``: the tests use the system Chromium.
"""

import contextlib
import os
import re
from pathlib import Path

import pytest

from tests.browser.wifi import RELAYS, Wifi

# Playwright's sync API runs an asyncio event loop in the test thread, and Django refuses
# database work (the live server's flushes) in a thread with a running loop unless told so.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HERE = Path(__file__).resolve().parent
FAILURE_SCREENSHOTS = HERE.parent.parent / "screenshots" / "test-failures"
# A player's phone: 390 px wide, touch; its own context, so its own storage and service worker.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def pytest_collection_modifyitems(config, items):
    """Mark every test under tests/browser as a browser test (``-m "not browser"`` skips them)."""
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, so ``page`` can tell when its test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _no_browser(reason: str):
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason} (REQUIRE_BROWSER=1 is set, so this is a failure)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """Return the session's headless Chromium."""
    if not os.access(CHROMIUM, os.X_OK):
        _no_browser(
            f"browser tests need Debian's Chromium at {CHROMIUM} "
            "(apt-get install chromium); it is missing"
        )
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        _no_browser("browser tests need the playwright Python package (requirements-dev.txt)")

    expect.set_options(timeout=10_000)  # a slow CI machine is not a failure

    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    except Exception:
        playwright.stop()
        raise
    yield browser
    browser.close()
    playwright.stop()


@pytest.fixture
def locale():
    """Return the language the browser asks for; a test overrides it with parametrize."""
    return "en-US"


@pytest.fixture
def page(request, browser, live_server, locale):
    """Return a page in a fresh browser context asking for ``locale``, on the live server.

    The test fails if the page raises an uncaught JavaScript error; if the test fails, a
    screenshot of the page is saved under screenshots/test-failures/.
    """
    context = browser.new_context(
        base_url=live_server.url, locale=locale, viewport={"width": 1280, "height": 900}
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        FAILURE_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        page.screenshot(path=str(FAILURE_SCREENSHOTS / f"{name}.png"), full_page=True)
    try:  # let requests in flight finish before the database is emptied for the next test
        page.wait_for_load_state("networkidle", timeout=5_000)
        page.goto("about:blank")
    except Exception:  # noqa: BLE001 - a page that is already gone is fine
        pass
    context.close()
    assert not errors, f"JavaScript errors or CSP violations on the page: {errors}"


@pytest.fixture
def phones(request, browser, live_server):
    """Return a function that opens a phone (a fresh browser context, 390 px) on a table's
    page (or, with no table, on /t/ to type a table's code), in a language and, when told,
    as a side (``"NS"`` or ``"EW"``) chosen by a tap.

    The test fails on any JavaScript error or CSP violation in any of them; if it fails, a
    screenshot of each phone is saved under screenshots/test-failures/.
    """
    made, errors = [], []

    def open_phone(table=None, locale="en-US", side=None):
        wifi = Wifi(live_server.url)
        context = browser.new_context(base_url=wifi.url, locale=locale, **PHONE)
        RELAYS[context] = wifi
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda m: (
                errors.append(m.text)
                if m.type == "error" and "Content Security Policy" in m.text
                else None
            ),
        )
        made.append((context, page))
        page.goto(f"/t/{table.token}/" if table is not None else "/t/")
        if side:
            page.locator(f"label[for=side-{side}]").click()
        return page

    yield open_phone
    report = getattr(request.node, "report_call", None)
    for number, (context, page) in enumerate(made):
        if report is not None and report.failed:
            FAILURE_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            page.screenshot(path=str(FAILURE_SCREENSHOTS / f"{name}-{number}.png"), full_page=True)
        with contextlib.suppress(Exception):  # a phone left offline
            page.wait_for_load_state("networkidle", timeout=5_000)
        context.close()
        RELAYS.pop(context).close()
    assert not errors, f"JavaScript errors or CSP violations: {errors}"
