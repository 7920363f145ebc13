"""Every public and director page passes axe-core's WCAG 2.1 A/AA rules, in both languages,
on a desktop (1366 px) and a phone (390 px); Chinese pages use full-width punctuation.

THE PAGE LIST. ``PAGES`` below is the one list of what is audited: each ``State`` is a page
as a user meets it. Adding a page is one line:

    State("swiss-standings", "/events/{league}/swiss/"),                    # public page
    State("match-final", "/director/matches/{match}/", user="director"),    # logged in
    State("event-new-errors", "/director/events/new/", user="director",
          then=submit("main form[method=post]")),                           # after an action

- ``path`` is formatted with the ids in ``World`` (``{league}``, ``{team}``, ``{match}``,
  ``{demo}`` …); add what a new page needs to ``World`` and to the ``world`` fixture.
- ``user`` is ``None`` (anonymous), ``"director"``, ``"player"`` or ``"superuser"``; the
  browser has that user's session cookie, made once for the module.
- ``status`` is what the page answers, 200 unless told (an error page: 404, 403 …).
- ``then`` runs after the page has loaded (submit a form with errors, type in a row …);
  the audit and the punctuation check see the page as it is afterwards.

Each state is audited 4 times, each its own test case named state-language-size
(``test_axe_finds_no_wcag_violation[event-zh-hans-390]``). The audit's browser context has
the Content-Security-Policy bypassed so that axe (tests/browser/assets/axe.min.js, axe-core
from the npm registry, MPL 2.0, see assets/README.md) can be injected; it is used for
nothing else. ``test_chinese_pages_use_full_width_punctuation`` opens each state in Chinese
and fails on an ASCII ``: ; , ( )`` next to a Chinese character in the page's text, title or
accessible names, or a space after 。，：； before the next Chinese word: a Chinese sentence is
built as one translated string, with ，。：；（）、, and sentences follow each other with no
space between (``{% sentence_gap %}``).
"""

import os
import re
from contextlib import ExitStack
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.test import Client, RequestFactory, override_settings
from playwright.sync_api import Page, expect

from matches import actions
from matches.auth import code_lockouts
from matches.models.stages import first_stage
from tests import congress
from tests.browser.conftest import HERE
from tests.double_elimination import double_elimination, number, play_out
from tests.factories import enter, make_event, make_match, make_team, make_user

# Each test case runs in a transaction rolled back after it (a failed login's record, say);
# the world itself is made once for the module, by ``site``.
pytestmark = pytest.mark.django_db

AXE = (HERE / "assets" / "axe.min.js").read_text(encoding="utf-8")
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
LANGUAGES = {"en": "en-US", "zh-hans": "zh-CN"}  # the page's language: what the browser asks
SIZES = {
    "1366": {"viewport": {"width": 1366, "height": 900}},
    "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
PASSWORD = "axe and a keyboard"
SHOTS = Path(os.environ["AUDIT_SCREENSHOTS"]) if os.environ.get("AUDIT_SCREENSHOTS") else None
# A State's user: the user name it logs in as.
USERS = {"director": "td", "player": "player", "superuser": "admin"}


# --- actions a state runs after its page has loaded -------------------------------------


def submit(form_selector: str, **fields: str):
    """Return an action that fills ``fields`` (name: value) in a form and submits it; the
    page it loads is the state."""

    def run(page: Page):
        form = page.locator(form_selector).first
        for name, value in fields.items():
            field = form.locator(f'[name="{name}"]')
            if field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(value)
            else:
                field.fill(value)
        with page.expect_navigation():
            form.locator("button:not([type]), [type=submit]").first.click()

    return run


def open_event_tables(page: Page):
    """Open the event's tables (once: the page then shows the cards, to print)."""
    form = page.locator('form[action$="/tables/open/"]')
    if form.count():
        with page.expect_navigation():
            form.locator("button").click()


def failed_login(username: str):
    """Return an action that fails to log in once (the lock-out count is reset first)."""

    def run(page: Page):
        from axes.utils import reset

        reset()
        submit("main form", username=username, password="not the password")(page)

    return run


def locked_out(username: str):
    """Return an action that fails to log in until the account is locked out."""

    def run(page: Page):
        from axes.utils import reset

        reset()
        for _ in range(settings.AXES_FAILURE_LIMIT):
            page.goto("/accounts/login/")
            submit("main form", username=username, password="not the password")(page)

    return run


def type_row(board: int, *cells: str):
    """Return an action that types a room-sheet row and presses Enter, as a director does;
    the state is the row as it comes back."""

    def run(page: Page):
        page.locator(f"#row-{board} input[type=text]").first.focus()
        for i, text in enumerate(cells):
            if i:
                page.keyboard.press("Tab")
            page.keyboard.type(text)
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.keyboard.press("Enter")
        page.wait_for_load_state("networkidle")

    return run


def type_over_row(board: int, *cells: str):
    """Return an action that types over a room-sheet row's fields (contract, declarer, lead,
    result) and presses Enter; the state is the row as it comes back."""

    def run(page: Page):
        for name, text in zip(("contract", "declarer", "lead", "result"), cells, strict=True):
            page.locator(f"#id_b{board}-{name}").fill(text)
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.locator(f"#id_b{board}-result").press("Enter")
        page.wait_for_load_state("networkidle")

    return run


def bad_player_names(page: Page):
    """Give the second and fourth players names the form refuses (81 characters, a control
    character) and the team no name, then submit: each error is beside its own field."""
    players = page.locator("main form input[name^=player_]")
    players.nth(1).evaluate("el => { el.value = 'x'.repeat(81); }")  # past maxlength
    players.nth(3).evaluate("el => { el.value = 'bell\\u0007'; }")
    submit("main form", name="")(page)


def play_game(kind: str):
    """Return an action that starts a home game over and enters its deals, as a player does
    (the deals of tests/browser/screenshots.py)."""

    def run(page: Page):
        from tests.browser.screenshots import GAMES, fill_game, fill_rubber

        page.once("dialog", lambda dialog: dialog.accept())
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.locator("form[action$='/restart/'] button").click()
        if kind == "rubber":
            fill_rubber(page)
        else:
            fill_game(page, kind, GAMES[kind])

    return run


def forget_side(page: Page):
    """Show a table's page as a phone that has not chosen its side yet."""
    page.evaluate("() => window.localStorage.clear()")
    page.reload()


def open_downloads(page: Page):
    """Open the director's Downloads menu."""
    page.locator(".downloads-menu > summary").click()
    expect(page.locator(".downloads-list")).to_be_visible()


def hand_over(board: int):
    """Return an action that makes the phone North-South's and hands it to East-West for
    the entry waiting on ``board``: their Accept and Not agreed are shown."""

    def run(page: Page):
        page.locator("label[for=side-NS]").click()
        expect(page.locator("#table-page")).to_have_attribute("data-side", "NS")
        page.locator(f"#board-{board} [data-handover]").click()
        expect(page.locator(f"#board-{board} .decide .btn-success")).to_be_visible()
        page.mouse.move(0, 0)  # no button left in its hover colours, half-way through
        page.wait_for_timeout(300)

    return run


def enter_at_table(contract: str, declarer: str, result: str):
    """Return an action that enters a result at the table, as North-South, by typing; the
    state is the form with the server's refusals beside its fields."""

    def run(page: Page):
        page.locator("label[for=side-NS]").click()
        page.locator("#id_contract").fill(contract)
        page.locator(f"label[for=declarer-{declarer}]").click()
        page.locator("#id_result").fill(result)
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.locator("#table-entry [type=submit]").click()
        expect(page.locator("#id_contract_error")).to_be_visible()
        page.mouse.move(0, 0)
        page.wait_for_timeout(300)

    return run


def waiting_to_send(page: Page):
    """Enter a result on North-South's phone with the network gone (every post and state
    request the page makes fails) and hand it to East-West: the entry is kept on the phone,
    waiting to send, with East-West's Accept and Not agreed beside it. The phone then
    forgets what it kept, so nothing is ever sent and the state is the same each time."""
    page.route(
        re.compile(r"/t/[\w-]+/(state\.json|enter/|accept/|dispute/|call/)"),
        lambda route: route.abort("internetdisconnected"),
    )
    page.locator("label[for=side-NS]").click()
    page.locator("#id_contract").fill("4S")
    page.locator("label[for=declarer-N]").click()
    page.locator("#id_result").fill("+1")
    page.locator("#table-entry [type=submit]").click()
    expect(page.locator(".board-local .badge")).to_be_visible()  # the form's board, kept
    expect(page.locator("#table-connection")).to_have_class(re.compile("alert-warning"))
    page.locator("[data-local-handover]").click()
    expect(page.locator("[data-local-accept]")).to_be_visible()
    page.evaluate("() => window.localStorage.clear()")
    page.mouse.move(0, 0)
    page.wait_for_timeout(300)


def wrong_codes_until_waiting(page: Page):
    """Type wrong table codes at /t/ until the page says how long the address waits."""
    for last in "ABC":
        if page.locator(".code-page .alert-danger").count():
            return
        submit("main form", code=f"ZZZZZ{last}")(page)
    expect(page.locator(".code-page .alert-danger")).to_be_visible()


def code_lockout_listed(page: Page):
    """Have another address type wrong table codes past its allowance (its phones are not
    this browser: a director's codes are never counted), then show the list again."""
    request = RequestFactory().post("/t/", REMOTE_ADDR="2001:db8:ffff:ffff:1234::1")
    request.user = AnonymousUser()
    for _ in range(3):
        code_lockouts.take_turn(request).wrong()
    page.reload()
    expect(page.locator("table.code-lockouts tbody tr form")).to_have_count(1)


def stale_form(page: Page):
    """Submit the login form with a token that no longer matches: the CSRF failure page."""
    page.locator("main form [name=csrfmiddlewaretoken]").evaluate("el => { el.value = 'x'; }")
    submit("main form", username="td", password="not the password")(page)


@dataclass(frozen=True)
class State:
    name: str
    path: str
    user: str | None = None
    then: object = None
    status: int = 200  # what the first request answers (404 for a "not found" page)
    settings: dict = field(default_factory=dict)  # overridden while the state is shown

    def __str__(self):
        return self.name


PAGES = [
    # public pages
    State("home", "/"),
    State("calculator", "/calculator/"),
    State(
        "calculator-scored",
        "/calculator/?board=5&a-contract=4SX&a-declarer=N&a-result=%2B1"
        "&b-contract=4S&b-declarer=S&b-result=-1",
    ),
    State("calculator-errors", "/calculator/?board=5&a-contract=8NT&a-declarer=N&a-result="),
    State("event", "/events/{league}/"),
    State("live-standings", "/events/{league}/live/"),
    State("butler", "/events/{league}/butler/"),
    State("cross-table", "/events/{league}/cross-table/"),
    State("team", "/events/{league}/teams/{team}/"),
    State("round", "/events/{league}/rounds/1/"),
    State("traveller", "/events/{league}/rounds/1/boards/1/"),
    State("traveller-board-a-match", "/events/{bam}/rounds/1/boards/1/"),
    State("scorecard", "/matches/{demo_match}/"),
    State("scorecard-adjusted", "/matches/{match}/"),
    State("games", "/games/"),
    State("game-tiebreak", "/games/tiebreak/"),
    State("game-rubber", "/games/rubber/"),
    State("game-chicago", "/games/chicago/"),
    State("game-simplified", "/games/simplified/"),
    State("game-rubber-played", "/games/rubber/", then=play_game("rubber")),
    State("game-chicago-played", "/games/chicago/", then=play_game("chicago")),
    State("game-tiebreak-played", "/games/tiebreak/", then=play_game("tiebreak")),
    State("game-simplified-played", "/games/simplified/", then=play_game("simplified")),
    State("hand-records", "/events/{hands}/stages/1/rounds/1/hands/"),
    State("stage-swiss", "/events/{swiss}/stages/1/"),
    State("stage-knockout", "/events/{cup}/stages/2/"),
    State("stage-not-started", "/events/{swiss}/stages/2/"),
    State("stage-cross-table", "/events/{swiss}/stages/1/cross-table/"),
    State("stage-round", "/events/{swiss}/stages/1/rounds/1/"),
    State("stage-draw", "/events/{swiss}/stages/1/draw/"),
    State("wall", "/events/{league}/wall/"),
    State("wall-knockout", "/events/{cup}/wall/"),
    State("wall-won", "/events/{won}/wall/"),
    State("poster", "/events/{league}/stages/1/rounds/1/poster/"),
    State("event-won", "/events/{won}/"),
    State("stage-won", "/events/{won}/stages/2/"),
    State("scorecard-knockout-final", "/matches/{won_final}/"),
    State("knockout-round", "/events/{won}/stages/2/rounds/1/"),
    State("stage-double-elimination", "/events/{double}/stages/1/"),
    State("event-double-elimination-won", "/events/{double}/"),
    State("stage-placing-matches", "/events/{playoff}/stages/1/"),
    State("event-placing-matches", "/events/{playoff}/"),
    State("wall-placing-matches", "/events/{playoff}/wall/"),
    State("scorecard-third-place", "/matches/{third_place}/"),
    State("wall-double-elimination", "/events/{double}/wall/"),
    # knockout rounds by their names (决赛, 三四名决赛, 总决赛 …) wherever a round is shown
    State("stage-traveller-knockout-final", "/events/{won}/stages/2/rounds/2/boards/1/"),
    State("round-placing-matches", "/events/{playoff}/rounds/3/"),
    State("traveller-placing-matches", "/events/{playoff}/rounds/3/boards/1/"),
    State("poster-double-elimination", "/events/{double}/stages/1/rounds/7/poster/"),
    State("round-double-elimination", "/events/{double}/rounds/2/"),
    # the tables' pages, on the players' phones (no login)
    State("table", "/t/{table}/", then=forget_side),
    State("table-handed-over", "/t/{table}/", then=hand_over(4)),
    State("table-waiting-to-send", "/t/{table_offline}/", then=waiting_to_send),
    State("table-entry-errors", "/t/{table}/", then=enter_at_table("8NT", "N", "=")),
    State("table-segment-complete", "/t/{table_done}/", then=forget_side),
    State("table-withdrawn", "/t/{table_withdrawn}/", status=410),
    State("table-code", "/t/"),
    State("table-code-errors", "/t/", then=submit("main form", code="ZZZ")),
    State(
        "table-code-waiting",
        "/t/",
        then=wrong_codes_until_waiting,
        settings={"TABLE_CODE_WRONG_RATE": "2/h"},
    ),
    State("not-found", "/events/999999/", status=404),
    State("forbidden", "/director/events/{league}/", user="player", status=403),
    State("csrf-failed", "/accounts/login/", then=stale_form),
    State("server-error", "/broken/", status=500, settings={"ROOT_URLCONF": "tests.error_urls"}),
    State("login", "/accounts/login/"),
    State(
        "login-failed",
        "/accounts/login/",
        then=failed_login("td"),
    ),
    State("locked-out", "/accounts/login/", then=locked_out("td")),
    State("signup", "/accounts/signup/"),
    State("signup-errors", "/accounts/signup/", then=submit("main form")),
    State("signup-closed", "/accounts/signup/", status=403, settings={"SIGNUP_OPEN": False}),
    # director pages
    State("director", "/director/", user="director"),
    State("lockouts", "/director/lockouts/", user="superuser"),
    State(
        "lockouts-table-codes",
        "/director/lockouts/",
        user="superuser",
        then=code_lockout_listed,
        settings={"TABLE_CODE_WRONG_RATE": "2/h"},
    ),
    State("event-new", "/director/events/new/", user="director"),
    State("event-new-errors", "/director/events/new/", user="director", then=submit("main form")),
    State("event-manage", "/director/events/{league}/", user="director"),
    State(
        "event-manage-downloads", "/director/events/{league}/", user="director", then=open_downloads
    ),
    State("team-new", "/director/events/{league}/teams/new/", user="director"),
    State("team-list", "/director/events/{league}/teams/list/", user="director"),
    State("deals-upload", "/director/events/{league}/deals/", user="director"),
    # a round with deals: the dealing machine's formats to download, and dealing again asks
    State("deals-of-a-round", "/director/events/{hands}/deals/", user="director"),
    State(
        "deals-make-errors",
        "/director/events/{hands}/deals/",
        user="director",
        then=submit("form.make-deals-form"),
    ),
    State("job-running", "/director/jobs/{job_running}/", user="director"),
    State("job-done", "/director/jobs/{job_done}/", user="director"),
    State("job-confirm", "/director/jobs/{job_confirm}/", user="director"),
    State("restore", "/director/events/restore/", user="director"),
    State("restore-errors", "/director/events/restore/", user="director", then=submit("main form")),
    State("generate", "/director/events/generate/", user="director"),
    State(
        "generate-errors",
        "/director/events/generate/",
        user="director",
        then=submit("main form", teams="4", rounds="9"),
    ),
    State("lineups", "/director/events/{league}/stages/1/rounds/1/lineups/", user="director"),
    State(
        "table-sheets", "/director/events/{league}/stages/1/rounds/1/table-sheets/", user="director"
    ),
    State(
        "round-scorecards",
        "/director/events/{league}/stages/1/rounds/1/scorecards/",
        user="director",
    ),
    State(
        "table-cards", "/director/events/{league}/stages/1/rounds/1/table-cards/", user="director"
    ),
    State(
        "cards-not-open",
        "/director/events/{league}/stages/1/rounds/2/table-cards/",
        user="director",
    ),
    State("event-table-cards", "/director/events/{league}/tables/", user="director"),
    State(
        "event-table-cards-open",
        "/director/events/{league}/tables/",
        user="director",
        then=open_event_tables,
    ),
    State("monitor", "/director/events/{league}/stages/1/rounds/1/monitor/", user="director"),
    # a round counts within its stage: a knockout's round 1 after the round robin's has
    # its own tab on the event page, its own monitor and line-ups, and the deals page
    # names each stage's rounds
    State("event-knockout-round", "/director/events/{cup}/?stage=2&round=1", user="director"),
    State(
        "monitor-knockout-round",
        "/director/events/{cup}/stages/2/rounds/1/monitor/",
        user="director",
    ),
    State(
        "lineups-knockout-round",
        "/director/events/{cup}/stages/2/rounds/1/lineups/",
        user="director",
    ),
    State("deals-several-stages", "/director/events/{cup}/deals/", user="director"),
    # the league's round 1 clock runs (the wall, the tables and the monitor show it)
    State("round-clock", "/director/events/{league}/stages/1/rounds/1/clock/", user="director"),
    State(
        "round-clock-errors",
        "/director/events/{league}/stages/1/rounds/1/clock/",
        user="director",
        then=submit("form.clock-extend-form", **{"extend-minutes": "0"}),
    ),
    State(
        "round-clock-not-set", "/director/events/{league}/stages/1/rounds/2/clock/", user="director"
    ),
    State(
        "monitor-not-open", "/director/events/{league}/stages/1/rounds/2/monitor/", user="director"
    ),
    State("director-round-placing-matches", "/director/events/{playoff}/?round=3", user="director"),
    State(
        "director-round-double-elimination", "/director/events/{double}/?round=2", user="superuser"
    ),
    State(
        "table-sheets-knockout",
        "/director/events/{playoff}/stages/1/rounds/3/table-sheets/",
        user="director",
    ),
    State(
        "monitor-knockout", "/director/events/{playoff}/stages/1/rounds/3/monitor/", user="director"
    ),
    State(
        "team-edit-errors",
        "/director/events/{league}/teams/{team}/",
        user="director",
        then=submit("main form", name=""),
    ),
    State(
        "team-edit-player-errors",
        "/director/events/{league}/teams/{team}/",
        user="director",
        then=bad_player_names,
    ),
    State("match-new", "/director/events/{league}/matches/new/", user="director"),
    State("match-manage", "/director/matches/{demo_match}/", user="director"),
    # a knockout's: no forfeit form, the walkover's way said instead
    State("match-manage-knockout", "/director/matches/{third_place}/", user="director"),
    State(
        "match-final-confirmation",
        "/director/matches/{demo_match}/",
        user="director",
        then=submit('form[action$="/status/"]'),
    ),
    State(
        "match-penalty-errors",
        "/director/matches/{match}/",
        user="director",
        then=submit('form[action$="/penalties/"]'),
    ),
    State("director-stages", "/director/events/{swiss}/stages/", user="director"),
    State(
        "director-stages-errors",
        "/director/events/{swiss}/stages/",
        user="director",
        then=submit("form.stage-form", kind="knockout", carry_fraction="three halves"),
    ),
    State("director-stage-draft", "/director/events/{swiss}/stages/1/", user="director"),
    State(
        "director-stage-errors",
        "/director/events/{swiss}/stages/1/",
        user="director",
        then=submit("form.stage-form", rounds="0"),
    ),
    State(
        "director-stage-swap-errors",
        "/director/events/{swiss}/stages/1/",
        user="director",
        then=submit('form[action$="/swap/"]'),
    ),
    State(
        "director-stage-enter-errors",
        "/director/events/{swiss}/stages/1/",
        user="director",
        then=submit('form[action$="/enter/"]'),
    ),
    State(
        "director-stage-tie-errors",
        "/director/events/{swiss}/stages/1/",
        user="director",
        then=submit('form[action$="/tie/"]'),
    ),
    State("director-stage-knockout", "/director/events/{cup}/stages/2/", user="director"),
    State("director-stage-not-started", "/director/events/{swiss}/stages/2/", user="director"),
    State("knockout-tie", "/director/matches/{tie_match}/knockout-tie/", user="director"),
    State(
        "knockout-tie-extra-boards",
        "/director/matches/{extra_boards_match}/knockout-tie/",
        user="director",
    ),
    State(
        "director-stage-placing-matches", "/director/events/{playoff}/stages/1/", user="director"
    ),
    State(
        "director-stages-placing-errors",
        "/director/events/{swiss}/stages/",
        user="director",
        then=submit("form.stage-form", kind="knockout", entrants="3", placing="third"),
    ),
    State(
        "knockout-tie-errors",
        "/director/matches/{tie_match}/knockout-tie/",
        user="director",
        then=submit("main form[method=post]"),
    ),
    State("room-sheet", "/director/matches/{demo_match}/open/", user="director"),
    State(
        "room-sheet-go-to-no-such-board",
        "/director/matches/{demo_match}/open/?board=40",
        user="director",
    ),
    State(
        "room-sheet-row-error",
        "/director/matches/{match}/closed/",
        user="director",
        then=type_row(2, "8NT", "N", "", "="),
    ),
    # what the tables entered: waiting (6), accepted (8), the director's over the table's (5);
    # not agreed, with its reason (7, the closed room); typing over the table's result asks
    State("room-sheet-from-the-tables", "/director/matches/{match}/open/", user="director"),
    State("room-sheet-not-agreed", "/director/matches/{match}/closed/", user="director"),
    State(
        "room-sheet-replaces-the-tables",
        "/director/matches/{match}/open/",
        user="director",
        then=type_over_row(8, "3NT", "S", "", "="),
    ),
    State("board-history", "/director/matches/{demo_match}/boards/3/history/", user="director"),
    State(
        "board-history-from-the-table",
        "/director/matches/{match}/boards/5/history/",
        user="director",
    ),
    State("board-adjust", "/director/matches/{match}/boards/1/adjust/", user="director"),
    State("match-delete", "/director/matches/{match}/delete/", user="director"),
    State(
        "match-delete-errors",
        "/director/matches/{match}/delete/",
        user="director",
        then=submit("main form[method=post]"),
    ),
    State("event-delete", "/director/events/{league}/delete/", user="director"),
    State("event-history", "/director/events/{league}/history/", user="director"),
    State("match-history", "/director/matches/{match}/", user="director"),
    State("team-withdraw", "/director/events/{league}/teams/{team}/remove/", user="director"),
    State(
        "board-adjust-errors",
        "/director/matches/{match}/boards/2/adjust/",
        user="director",
        then=submit("main form:has([name=art-reason])"),
    ),
]


# --- the data every page is shown with --------------------------------------------------


def build_world() -> SimpleNamespace:
    """Return the ids the page list formats its paths with, after making what they name.

    ``demo``/``demo_match``: the demo event and its match (16 boards, both rooms, seated,
    Chinese names); ``league``: five teams in a round robin (a bye each round), round 1
    partly played, an adjusted board, an IMP and a VP penalty, its clock running;
    ``team``: its first team (with a captain); ``match``: its first match of round 1;
    ``won``: a round robin of eight, then a knockout of its top four played to the end
    (tests/congress.py).
    """
    from matches import actions
    from matches.demo import load_demo

    director = make_user(USERS["director"], director=True, password=PASSWORD)
    make_user(USERS["player"], password=PASSWORD)
    make_user(USERS["superuser"], superuser=True, password=PASSWORD)
    demo = load_demo(director)
    league = make_event(director, name="Winter league", vp_scale="printed-25")
    teams = [
        make_team(league, name, ("何平", "李明", "张伟", "刘洋"))
        for name in ("北京队", "上海队", "成都队", "广州队", "深圳队")
    ]
    actions.change_team(teams[0], captain="何平", user=director)
    actions.make_round_robin(league, user=director)
    match = league.matches.filter(round=1).order_by("pk").first()
    for played in league.matches.filter(round=1):
        enter(played, 1, "open", "4H", "N", "=", "SA")
        enter(played, 1, "closed", "4H", "N", "-1", "SA")
        enter(played, 3, "open", "3NTX", "S", "+1", "S5")
    board = match.boards.get(number=2)
    actions.set_artificial_score(board, home_imps=3, away_imps=-3, reason="慢打", user=director)
    actions.add_imp_penalty(match, team=match.home, imps=3, reason="迟到", user=director)
    actions.add_vp_penalty(league, team=teams[1], vp=Decimal(1), reason="手机", user=director)
    at_the_tables(league, match, director)
    first = league.stages.get(number=1)
    actions.change_round_clock(first, 1, command="length", minutes=60, user=director)
    actions.change_round_clock(first, 1, command="start", user=director)
    return SimpleNamespace(
        demo=demo.pk,
        demo_match=demo.matches.get().pk,
        league=league.pk,
        team=teams[0].pk,
        match=match.pk,
        **build_stages(director),
        hands=build_hand_records(director),
        **build_jobs(director, league),
        **build_tables(director, demo, league),
        **build_won(),
        **build_placing_matches(director),
        bam=build_board_a_match(director),
        double=build_double_elimination(director),
    )


def build_board_a_match(director) -> int:
    """Return the id of a four-team board-a-match round robin of two-board matches, round
    1's first board played at both tables (one won by 10 points, one level)."""
    from matches import actions

    bam = make_event(director, name="BAM 春季赛", boards_per_match=2, boards_per_segment=2)
    for name in ("东队", "西队", "南队", "北队"):
        make_team(bam, name)
    stage = actions.configure_stage(
        bam, user=director, number=1, kind="round-robin", method="board-a-match"
    )
    actions.start_stage(stage, user=director)
    won, level = bam.matches.filter(round=1).order_by("pk")
    enter(won, 1, "open", "1NT", "N", "+1")
    enter(won, 1, "closed", "2S", "N", "=")
    enter(level, 1, "open", "3NT", "S", "=")
    enter(level, 1, "closed", "3NT", "S", "=")
    return bam.pk


def build_double_elimination(director) -> int:
    """Return the id of an eight-team double elimination played to its winner, the grand
    final won by the losers' bracket winner, so a second final was needed."""
    from matches import actions

    event, stage = double_elimination(director, 8)
    actions.start_stage(stage, user=director)
    play_out(director, stage, lambda match: match.bracket != "final" and number(match.home) < 4)
    return event.pk


def build_won() -> dict:
    """Return the ids of an event won (``won``: a round robin of eight, then a knockout of
    its top four with half the VP difference carried over, played to a winner) and of its
    final (``won_final``)."""
    won = congress.knockout()
    return {"won": won.pk, "won_final": won.matches.get(stage__number=2, round=2).pk}


def build_placing_matches(director) -> dict:
    """Return the ids of an eight-team knockout with a play-off for every place, played to
    its end, the lower seed winning every match (``playoff``; ``third_place`` its match
    for third place), and of a semi-final of a
    knockout that sends a level match to extra boards, level and final (``extra_boards_match``)."""
    from matches import actions

    playoff = make_event(director, name="排位赛杯", boards_per_match=2, boards_per_segment=2)
    for name in ("北京队", "上海队", "成都队", "广州队", "深圳队", "杭州队", "Lions", "Tigers"):
        make_team(playoff, name)
    stage = actions.configure_stage(
        playoff, user=director, number=1, kind="knockout", placing="all"
    )
    actions.start_stage(stage, user=director)
    while waiting := list(stage.matches.exclude(status="final").order_by("pk")):
        for match in waiting:
            play(match, "away")
            actions.mark_final(match, user=director, confirm=True)
    extra = make_event(director, name="加赛杯", boards_per_match=2, boards_per_segment=2)
    for name in ("北京队", "上海队", "成都队", "广州队"):
        make_team(extra, name)
    stage = actions.configure_stage(
        extra, user=director, number=1, kind="knockout", level_rule="extra-boards"
    )
    level = sorted(actions.start_stage(stage, user=director), key=lambda m: m.pk)[0]
    play(level, "tie")
    actions.mark_final(level, user=director, confirm=True)
    third_place = playoff.matches.get(bracket="place-3").pk
    return {"playoff": playoff.pk, "third_place": third_place, "extra_boards_match": level.pk}


def build_jobs(director, league) -> dict:
    """Return three jobs of the league's round 1 as their pages show them: analysing (5 of
    16 deals), done, and waiting for the director to confirm a results file."""
    from matches.actions import jobs
    from matches.models import JobKind, JobPhase, JobState

    def made(kind, key, name):
        job, _ = jobs.create_job(
            kind=kind,
            key=key,
            enqueue=lambda job: "",
            user=director,
            event=league,
            round_number=1,
            upload=b"",
            file_name=name,
            language="zh-hans",
        )
        jobs.start_run(job.pk, 1)
        return job.pk

    running = made(JobKind.DEALS, "axe-running", "第一轮.pbn")
    jobs.report(running, 1, phase=JobPhase.ANALYSING, done=5, total=16)
    done = made(JobKind.DEALS, "axe-done", "round-1.pbn")
    with jobs.saving(done, 1) as saved:
        saved.result = {"deals": 16, "round": 1, "seconds": 1.3}
        saved.warnings = ["第 2 副：文件说发牌人是北，但第 2 副由东发牌。以牌号为准。"]
    confirm = made(JobKind.RESULTS, "axe-confirm", "results.pbn")
    disagreeing = "第 1 副：文件说局况是“All”，但第 1 副双方无局。以牌号为准。"
    jobs.end_run(confirm, 1, JobState.CONFIRM, [disagreeing])
    return {"job_running": running, "job_done": done, "job_confirm": confirm}


def at_the_tables(league, match, director):
    """Open round 1's tables and play at them: board 5 entered and accepted, then corrected
    by the director; board 6 waiting for the other side; board 7 not agreed; board 8
    accepted; a call."""
    from matches import actions
    from matches.models import Room
    from matches.scoring import Contract

    actions.open_tables(first_stage(league), round_number=1, user=director)
    tables = {t.room: t for t in Room.objects.filter(match=match)}
    spades = {"contract": Contract.parse("4S"), "declarer": "N", "tricks": 10, "lead": "HA"}
    played = ((5, "open", "accept"), (6, "open", None), (7, "closed", "no"), (8, "open", "accept"))
    for board, room, then in played:
        entry = actions.enter_at_table(
            tables[room],
            board=board,
            entry=spades,
            side="NS",
            device=f"phone-{board}",
            key=f"axe-{board}",
        )
        if then == "accept":
            actions.accept_at_table(entry, side="EW", device="phone-ew", key=f"axe-{board}-ok")
        elif then == "no":
            actions.dispute_at_table(
                entry, side="EW", device="phone-ew", key=f"axe-{board}-no", reason="四红心"
            )
    enter(match, 5, "open", "4S", "N", "+1", "HA", user=director, confirm=True)
    actions.call_director(tables["open"], key="axe-call", reason="慢打", board=6)


def play(match, outcome: str):
    """Enter board 1 of a 2-board match so the home team wins, loses or ties, then board 2
    level; the match is complete."""
    open_result, closed_result = {"home": ("=", "-1"), "away": ("-1", "="), "tie": ("=", "=")}[
        outcome
    ]
    enter(match, 1, "open", "4S", "N", open_result)
    enter(match, 1, "closed", "4S", "N", closed_result)
    enter(match, 2, "open", "3NT", "S", "=")
    enter(match, 2, "closed", "3NT", "S", "=")


def build_stages(director) -> dict:
    """Return the ids of two multi-stage events, after making them.

    ``swiss``: seven teams in a five-round Swiss (a bye each round), round 1 played and
    final, round 2 drawn with a swap and not yet published, a team withdrawn, and a knockout
    of its top four set up as stage 2, not started; ``cup``: four
    teams in a round robin, then a knockout whose first semi-final is
    tied and final, waiting for the director's decision (``tie_match``), the other played.
    """
    from matches import actions

    swiss = make_event(director, name="秋季瑞士制", boards_per_match=2, boards_per_segment=2)
    teams = [
        make_team(swiss, name)
        for name in ("北京队", "上海队", "成都队", "广州队", "深圳队", "杭州队", "Lions")
    ]
    stage = actions.configure_stage(swiss, user=director, number=1, kind="swiss", rounds=5)
    actions.start_stage(stage, user=director)
    actions.draw_next_round(stage, user=director)
    for match in actions.publish_draw(stage, user=director):
        play(match, "home")
        actions.mark_final(match, user=director, confirm=True)
    actions.withdraw_team(stage, team=teams[-1], user=director)
    actions.draw_next_round(stage, user=director)
    first, second = stage.draft.order_by("table")[:2]
    actions.swap_in_draw(
        stage, first=first.home, second=second.home, reason="同一俱乐部", user=director
    )
    actions.configure_stage(swiss, user=director, number=2, kind="knockout", entrants=4)

    cup = make_event(director, name="俱乐部杯", boards_per_match=2, boards_per_segment=2)
    for name in ("北京队", "上海队", "成都队", "广州队"):
        make_team(cup, name)
    league = actions.configure_stage(cup, user=director, number=1, kind="round-robin")
    for match in actions.start_stage(league, user=director):
        play(match, "home" if match.home.name < match.away.name else "away")
        actions.mark_final(match, user=director, confirm=True)
    knockout = actions.configure_stage(cup, user=director, number=2, kind="knockout")
    semis = sorted(actions.start_stage(knockout, user=director), key=lambda m: m.pk)
    play(semis[0], "tie")
    play(semis[1], "home")
    for semi in semis:
        actions.mark_final(semi, user=director, confirm=True)
    return {"swiss": swiss.pk, "cup": cup.pk, "tie_match": semis[0].pk}


def build_tables(director, demo, league) -> dict:
    """Return the tokens of three tables, after playing at them: ``table``, the second
    match of the league's round 1 (boards 1 and 3 the director's, board 4 entered by
    North-South and waiting for East-West, board 5 not agreed, a call for the director);
    ``table_done``, the demo match's open room (the segment complete in both rooms: the
    other room, the IMPs and the segment's score); ``table_withdrawn``, its closed room,
    whose link the director withdrew; ``table_offline``, the second match's closed room,
    opened only by the phone that enters with the network gone."""
    from matches import actions
    from matches.scoring import Contract

    second = league.matches.filter(round=1).order_by("pk")[1]
    opened = actions.open_tables(first_stage(league), round_number=1, user=director)
    table = next(t for t in opened if t.match_id == second.pk and t.room == "open")
    spades = {"contract": Contract.parse("4S"), "declarer": "N", "tricks": 11, "lead": ""}
    actions.enter_at_table(table, board=4, entry=spades, side="NS", device="axe", key="axe-table-4")
    disputed = actions.enter_at_table(
        table, board=5, entry=spades, side="EW", device="axe", key="axe-table-5"
    )
    actions.dispute_at_table(
        disputed, side="NS", device="axe", key="axe-table-5-no", reason="四红心"
    )
    actions.call_director(table, key="axe-table-call", reason="慢打")
    done = {
        t.room: t for t in actions.open_tables(first_stage(demo), round_number=1, user=director)
    }
    actions.revoke_table(done["closed"], user=director)
    offline = next(t for t in opened if t.match_id == second.pk and t.room == "closed")
    return {
        "table": table.token,
        "table_done": done["open"].token,
        "table_withdrawn": done["closed"].token,
        "table_offline": offline.token,
    }


def build_hand_records(director) -> int:
    """Return the id of an event whose round 1 has its deals, hand records and analysis."""
    import io

    from django.core.management import call_command
    from django.utils import translation

    # the hand records audited in full: published by the director before play (fair play)
    event = make_event(director, name="俱乐部周二队式赛", hands_public="director")
    make_match(event, home=make_team(event, "杭州队"), away=make_team(event, "Lions"))
    deals = HERE.parent / "data" / "deals_with_comments_and_statistics.pbn"
    with translation.override("en"):
        call_command("import_deals", event.pk, deals, "--round", "1", stdout=io.StringIO())
    actions.publish_hands(first_stage(event), round_number=1, user=director)
    return event.pk


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker):
    """Return the live server's address and the world, made once for the whole module.

    The pages are only read (a state's action may post a form with errors, never a change),
    so every test case shares one database and one server; the tables are emptied after.
    """
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from pytest_django.live_server_helper import LiveServer

    with django_db_blocker.unblock():
        world = build_world()
        sessions = {}
        for user, username in USERS.items():  # logged in before any test's transaction
            client = Client()
            client.force_login(User.objects.get(username=username))
            sessions[user] = client.cookies[settings.SESSION_COOKIE_NAME].value
        server = LiveServer("localhost:0")
        try:
            yield SimpleNamespace(url=server.url, world=world, sessions=sessions)
        finally:
            server.stop()
            call_command("flush", interactive=False, verbosity=0)


@pytest.fixture(scope="module")
def contexts(browser, site):
    """Return one browser context per user, language and size (CSP bypassed: audit only)."""
    made = {}

    def get(user, language, size):
        key = (user, language, size)
        if key not in made:
            context = browser.new_context(
                base_url=site.url, locale=LANGUAGES[language], bypass_csp=True, **SIZES[size]
            )
            context.set_default_timeout(10_000)
            if user:
                cookie = {"name": settings.SESSION_COOKIE_NAME, "value": site.sessions[user]}
                context.add_cookies([{**cookie, "url": site.url}])
            made[key] = context
        return made[key]

    yield get
    for context in made.values():
        context.close()


@pytest.fixture
def shown(contexts, site):
    """Return a function that opens a state in a language and size, as the state's user."""
    pages = []
    overrides = ExitStack()

    def show(state, language, size):
        overrides.enter_context(override_settings(**state.settings))
        page = contexts(state.user, language, size).new_page()
        pages.append(page)
        response = page.goto(state.path.format(**vars(site.world)))
        assert response.status == state.status, f"{state.path} answered {response.status}"
        if state.then:
            state.then(page)
        expect(page.locator("html")).to_have_attribute("lang", language)
        return page

    yield show
    for page in pages:
        page.close()
    overrides.close()


def axe_violations(page: Page) -> list[str]:
    """Return axe-core's WCAG 2.1 A/AA violations on the page, one readable line per node."""
    # Audit the page as it settles, not halfway through a fade: the wall's panel fades in
    # over half a second and a changed figure flashes three times, and mid-fade its text
    # is dimmer than it ends (CI's faster machine audited the wall at 3.9:1 mid-fade).
    page.evaluate(
        """() => Promise.all(document.getAnimations()
             .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
             .map(a => a.finished.catch(() => null)))"""
    )
    page.add_script_tag(content=AXE)
    violations = page.evaluate(
        """async (tags) => {
          const result = await axe.run(document, {
            runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
          return result.violations.map(v => ({id: v.id, help: v.help,
            nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary)}));
        }""",
        WCAG_21_AA,
    )
    return [f"{v['id']} ({v['help']}) at {node}" for v in violations for node in v["nodes"]]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("state", PAGES, ids=str)
def test_axe_finds_no_wcag_violation(shown, state, language, size):
    page = shown(state, language, size)
    if SHOTS:  # to look at what is audited: AUDIT_SCREENSHOTS=screenshots/audit pytest …
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{state}-{language}-{size}.png"), full_page=True)
    violations = axe_violations(page)
    assert not violations, f"{len(violations)} WCAG 2.1 A/AA violations:\n" + "\n".join(violations)


CJK = r"[\u3400-\u9fff\uf900-\ufaff]"
ASCII_NEXT_TO_CJK = re.compile(rf"{CJK}\s*[:;,()]|[:;,()]\s*{CJK}")
SPACE_AFTER_FULL_WIDTH = re.compile(rf"[。！？；：，、][ \t]+{CJK}")  # 。 ends a sentence alone


@pytest.mark.parametrize("state", PAGES, ids=str)
def test_chinese_pages_use_full_width_punctuation(shown, state):
    page = shown(state, "zh-hans", "1366")
    texts = page.evaluate(
        """() => {
          const out = [document.title, document.body.innerText];
          for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]"))
            for (const name of ["title", "aria-label", "placeholder", "alt"])
              if (el.hasAttribute(name)) out.push(el.getAttribute(name));
          return out;
        }"""
    )
    found = sorted(
        {
            line.strip()
            for text in texts
            for line in text.splitlines()
            if ASCII_NEXT_TO_CJK.search(line) or SPACE_AFTER_FULL_WIDTH.search(line)
        }
    )
    assert not found, "ASCII punctuation beside Chinese text:\n" + "\n".join(found)


# URL names that are no page of their own: forms post to them, fragments or data come back.
NOT_PAGES = {
    "board-info",
    "standings-json",
    "scorecard-json",
    "health",
    "set_language",
    "logout",
    "game-deal",
    "game-deal-edit",
    "game-restart",
    "game-settings",
    "game-save",
    "game-saved-deal",
    "game-saved-deal-edit",
    "game-saved-restart",
    "game-saved-settings",
    "game-saved-delete",
    "director-unlock",
    "director-lift-code-lockout",
    "director-save-row",
    "director-status",
    "director-forfeit",
    "director-sheet-reopen",
    "director-imp-penalty",
    "director-imp-penalty-delete",
    "director-vp-penalty",
    "director-vp-penalty-delete",
    "director-round-robin",
    "director-event-directors",
    "director-event-director-remove",
    "director-job-state",
    "director-job-again",
    "director-results-file",
    "standings-csv",
    "event-usebio",
    "stage-bracket-json",
    "stage-draw-json",
    "stages-json",
    "round-pbn",
    "round-csv",
    "match-pbn",
    "director-event-export",
    # a round's deals as a file; dealing at random is posted to (its errors: deals-make-errors)
    "director-deals-file",
    "director-deals-make",
    # the tables' phones post to these, poll the state, load the service worker
    "table-state",
    "table-enter",
    "table-accept",
    "table-dispute",
    "table-call",
    "table-service-worker",
    # the tables: posted to, or the QR code as an image
    "director-open-tables",
    "director-answer-call",
    "director-renew-table",
    "director-revoke-table",
    "director-table-qr",
    # fair play: a board taken out of play, a round's hand records published (posted to)
    "director-release-board",
    "director-publish-hands",
    "director-open-event-tables",
    "director-move-match",
    "director-renew-card",
    "director-revoke-card",
    "game-saved",  # a saved game: the same page as "game", audited there
    # a stage's actions are posted to; what they answer with errors is the stage's page,
    # audited as director-stage-*-errors
    "director-stage-start",
    "director-stage-draw",
    "director-stage-swap",
    "director-stage-publish",
    "director-stage-withdraw",
    "director-stage-enter",
    "director-stage-next",
    "director-stage-tie",
    "director-stage-seeding",
    "director-stage-restart",
    "admin-login",  # the admin's own login page (the admin is not audited), rate-limited
}


# Pages that landed after the audit's last pass and still need a State (and a world with
# what they show): listed here so that nothing new goes unnoticed. Move each to PAGES.
NOT_YET_AUDITED: set[str] = set()


def test_every_page_the_urls_name_is_in_the_page_list():
    """A page added to the URLs is audited: add a State for it (or to NOT_PAGES if it is
    only posted to, a fragment or data)."""
    from django.urls import get_resolver, resolve

    def names(patterns):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                if getattr(pattern, "app_name", None) != "admin":
                    yield from names(pattern.url_patterns)
            elif pattern.name:
                yield pattern.name

    ids = dict.fromkeys(
        (
            "demo",
            "demo_match",
            "league",
            "team",
            "match",
            "swiss",
            "cup",
            "tie_match",
            "won",
            "won_final",
            "hands",
            "table",
            "table_done",
            "table_withdrawn",
            "table_offline",
            "job_running",
            "job_done",
            "job_confirm",
            "bam",
            "double",
            "playoff",
            "third_place",
            "extra_boards_match",
        ),
        1,
    )
    audited = {
        resolve(s.path.format(**ids).split("?")[0]).url_name
        for s in PAGES
        if "ROOT_URLCONF" not in s.settings  # the 500 page's own URL, not the site's
    }
    missing = set(names(get_resolver().url_patterns)) - audited - NOT_PAGES - NOT_YET_AUDITED
    assert not missing, f"pages with no State in PAGES: {sorted(missing)}"
