"""Save screenshots of the pages to look at: home, calculator and home games, Chinese and
English, desktop and phone. Not a test; run it against a running server:

    .venv/bin/python tests/browser/screenshots.py http://127.0.0.1:8000

PNGs go to screenshots/ (git-ignored), named page-language-size.png. Uses Debian's Chromium
(/usr/bin/chromium); never ``playwright install``.
"""

import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUT = Path(__file__).resolve().parents[2] / "screenshots"
LANGUAGES = {"zh-hans": "zh-CN", "en": "en-US"}  # the page's language: what the browser asks
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
}
# Board 5 (N-S vulnerable): 4SX by North +1 (N-S 990) against 4S by South -1 (E-W 100).
FILLED = {"board": "5", "a": ("4SX", "N", "+1"), "b": ("4S", "S", "-1")}


def fill_calculator(page, board, tables):
    """Type a board number and each table's result, as a person would, by field name."""
    page.locator("[name=board]").fill(board)
    expect(page.locator(f'.board-facts[data-board="{board}"]')).to_be_visible()
    for prefix, (contract, declarer, result) in tables.items():
        page.locator(f"[name={prefix}-contract]").fill(contract)
        page.locator(f"[name={prefix}-declarer]").fill(declarer)
        page.locator(f"[name={prefix}-result]").fill(result)
    page.locator("#calculator form [type=submit]").click()


# Deals typed into the home games' forms, as a player would (field name -> text).
GAMES = {
    "chicago": [
        {"contract": "2S", "declarer": "N", "result": "="},
        {"contract": "PASS", "declarer": "", "result": ""},
        {"contract": "1NT", "declarer": "E", "result": "-1"},
        {"contract": "4SX", "declarer": "S", "result": "-1"},
        {"contract": "2H", "declarer": "W", "result": "="},
    ],
    "tiebreak": [
        {
            "board": "1",
            "contract": "4S",
            "declarer": "N",
            "lead": "SQ",
            "result": "=",
            "ns_hcp": "24",
        },
        {
            "board": "2",
            "contract": "3NTX",
            "declarer": "E",
            "lead": "H10",
            "result": "-1",
            "ns_hcp": "18",
        },
    ],
    "simplified": [
        {"board": "1", "contract": "4S", "declarer": "N", "result": "="},
        {"board": "2", "contract": "PASS", "declarer": "", "result": "", "ns_hcp": "23"},
    ],
}
RUBBER = [("WE", "2S"), ("THEY", "4H"), ("WE", "2S"), ("WE", "2S")]


def fill_game(page, kind, deals):
    """Type each deal into a home game's form and add it, waiting for the sheet each time."""
    page.goto(f"/games/{kind}/")
    for number, deal in enumerate(deals, 1):
        form = page.locator("form.deal-form")
        for name, text in deal.items():
            form.locator(f"[name={name}]").fill(text)
        form.locator("[type=submit]").click()
        expect(page.locator("tr[data-deal]")).to_have_count(number)


def fill_rubber(page):
    page.goto("/games/rubber/")
    for number, (side, contract) in enumerate(RUBBER, 1):
        form = page.locator("form.deal-form")
        form.locator(f"[name=declarer][value={side}]").check()
        form.locator("[name=contract]").fill(contract)
        form.locator("[name=result]").fill("=")
        form.locator("[type=submit]").click()
        expect(page.locator(".rubber-deals tr[data-deal]")).to_have_count(number)


def shoot(page, name):
    path = OUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(path)


def main(base_url):
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for language, locale in LANGUAGES.items():
            for size, options in SIZES.items():
                context = browser.new_context(base_url=base_url, locale=locale, **options)
                page = context.new_page()

                page.goto("/")
                expect(page.locator("html")).to_have_attribute("lang", language)
                shoot(page, f"home-{language}-{size}")

                page.goto("/calculator/")
                fill_calculator(page, FILLED["board"], {"a": FILLED["a"], "b": FILLED["b"]})
                expect(page.locator(".comparison .imps")).to_have_text("14")
                shoot(page, f"calculator-result-{language}-{size}")

                page.goto("/calculator/")
                fill_calculator(page, "5", {"a": ("8NT", "N", "=")})
                expect(page.locator(".invalid-feedback")).to_be_visible()
                shoot(page, f"calculator-error-{language}-{size}")

                for kind, deals in GAMES.items():
                    fill_game(page, kind, deals)
                    shoot(page, f"game-{kind}-{language}-{size}")
                fill_rubber(page)
                shoot(page, f"game-rubber-{language}-{size}")

                context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")
