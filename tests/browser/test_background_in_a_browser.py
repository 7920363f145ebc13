"""A director uploads a 32-board deals file and a results file, leaves the page, and comes
back to the finished analysis: the app served by gunicorn, the work done by a real worker
(``manage.py db_worker``), both on a database file of their own, as in production."""

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.test_gunicorn import ROOT, free_port
from tests.test_worker_killed import harness, manage

PASSWORD = "correct horse battery"


@pytest.fixture
def site(tmp_path):
    """Return the address of gunicorn serving a fresh database with a worker beside it,
    and the event and files the worker harness made (a results file over the size the
    request reads itself, so it too goes to the worker)."""
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")},
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "RESULTS_IN_REQUEST_BYTES": "1000",
    }
    manage(env, "migrate", "-v0")
    made = harness(env, "setup-files", 4, 32)
    gunicorn = [
        str(Path(sys.executable).with_name("gunicorn")),
        "scoresheet.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "2",
    ]
    worker_command = [
        sys.executable,
        "manage.py",
        "db_worker",
        "--no-startup-delay",
        "--no-reload",
        "--interval",
        "0.2",
        "-v0",
    ]
    processes = [
        subprocess.Popen(gunicorn, cwd=ROOT, env=env, stderr=subprocess.DEVNULL),
        subprocess.Popen(worker_command, cwd=ROOT, env=env),
    ]
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "/accounts/login/").close()
                break
            except OSError:
                time.sleep(0.1)
        yield url, made
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=30)


def test_a_director_uploads_leaves_and_comes_back_to_the_finished_analysis(browser, site):
    url, made = site
    context = browser.new_context(base_url=url, locale="en-US")
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto("/accounts/login/")
    page.locator("[name=username]").fill("td")
    page.locator("[name=password]").fill(PASSWORD)
    with page.expect_navigation():
        page.locator("main form [type=submit]").click()
    uploads = f"/director/events/{made['event']}/deals/"

    page.goto(uploads)
    page.locator("form.deals-form [name=round]").select_option("1")
    page.locator("form.deals-form [name=file]").set_input_files(made["deals"])
    with page.expect_navigation():
        page.locator("form.deals-form [type=submit]").click()
    assert "/director/jobs/" in page.url
    deals_job = page.url
    expect(page.locator("h1")).to_contain_text("Deals of a round: round 1 (“deals.pbn”)")

    page.goto(uploads)  # leave the page before the analysis is done, upload the results
    page.locator("[name=results-round]").select_option("1")
    page.locator("[name=results-file]").set_input_files(made["results"])
    with page.expect_navigation():
        page.get_by_role("button", name="Import results").click()
    assert "/director/jobs/" in page.url and page.url != deals_job
    results_job = page.url

    page.goto(f"/events/{made['event']}/")  # somewhere else altogether
    page.goto(uploads)  # and back: the event's background work is listed
    page.locator("ul.jobs a", has_text="Deals of a round").click()
    assert page.url == deals_job
    outcome = page.locator(".job-outcome")
    expect(outcome.first).to_have_text(
        "Round 1: 32 deals imported, with double dummy and par.", timeout=240_000
    )
    expect(outcome.filter(has_text="32 boards analysed in")).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("link", name="The round's hand records").click()
    expect(page.locator(".hand-page")).to_have_count(8)  # 32 boards, four to a page

    page.goto(results_job)
    expect(page.locator(".job-outcome")).to_have_text(
        "Round 1: 128 results imported.", timeout=120_000
    )
    context.close()
