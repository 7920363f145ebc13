"""The home-table games as a player uses them: enter deals, correct one, start over, save."""

import re

import pytest
from django.urls import reverse

from matches.models import Game
from tests.factories import make_user

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def add(client, kind, **fields):
    return client.post(reverse("game-deal", args=[kind]), fields, headers=HTMX)


def cell(page, css):
    """Return the text of the last cell with this class (the running total at the end)."""
    found = re.findall(rf'class="(?:[^"]* )?{css}(?: [^"]*)?">([^<]*)<', page)
    return found[-1].strip() if found else None


@pytest.mark.parametrize("kind", ["tiebreak", "rubber", "chicago", "simplified"])
@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_every_game_page_opens_for_anyone_in_both_languages(client, kind, language):
    client.cookies["django_language"] = language
    page = client.get(reverse("game", args=[kind]))
    assert page.status_code == 200
    assert 'id="game"' in page.text
    assert ("Add deal" in page.text) == (language == "en")
    assert ("添加一副" in page.text) == (language == "zh-hans")


# Seed 002's 贴点 examples 第一副 to 第四副, the simple method (1 IMP a point over 20).
TIEBREAK = [
    {"board": 1, "contract": "2S", "declarer": "N", "result": "=", "ns_hcp": 22},
    {"board": 2, "contract": "3C", "declarer": "N", "result": "-1", "ns_hcp": 21},
    {"board": 3, "contract": "2D", "declarer": "E", "result": "+2", "ns_hcp": 13},
    {"board": 4, "contract": "4H", "declarer": "E", "result": "=", "ns_hcp": 14},
]


def test_the_tiebreak_sheet_adds_up_the_seeds_four_boards(english):
    for deal in TIEBREAK:
        add(english, "tiebreak", **deal)
    page = english.get(reverse("game", args=["tiebreak"])).text
    # 1: NS net 1; 2: EW 4; 3: NS 3; 4: EW 6 (seed 000 and 002: "净胜1点" … "净胜6点")
    assert cell(page, "ns-total") == "4"
    assert cell(page, "ew-total") == "10"


def test_the_elaborate_method_is_chosen_on_the_page(english):
    english.post(reverse("game-settings", args=["tiebreak"]), {"method": "elaborate"})
    add(english, "tiebreak", board=13, contract="5DX", declarer="S", result="-2", ns_hcp=17)
    page = english.get(reverse("game", args=["tiebreak"])).text
    # Seed 000 第十三副: EW 500, give NS 3×80 = 240: 260 net, 6 IMPs to EW.
    assert cell(page, "ew-total") == "6"
    assert "3×80 = 240" in page


def test_a_bad_deal_gets_a_message_beside_the_field_and_the_sheet_is_kept(english):
    add(english, "tiebreak", **TIEBREAK[0])
    page = add(english, "tiebreak", board=2, contract="9S", declarer="N", result="=", ns_hcp=45)
    assert "The level must be 1 to 7 (you wrote “9S”)." in page.text
    assert "High-card points are 0 to 40." in page.text
    assert page.text.count('<tr data-deal="') == 1


def test_an_earlier_deal_can_be_corrected_or_deleted(english):
    for deal in TIEBREAK:
        add(english, "tiebreak", **deal)
    edit = reverse("game-deal-edit", args=["tiebreak", 1])
    english.post(edit, {**TIEBREAK[1], "result": "="}, headers=HTMX)  # 3♣ made: 110 to NS
    page = english.get(reverse("game", args=["tiebreak"])).text
    assert "110" in page
    english.post(reverse("game-deal-edit", args=["tiebreak", 0]), {"action": "delete"})
    page = english.get(reverse("game", args=["tiebreak"])).text
    assert page.count('<tr data-deal="') == 3


def test_start_over_clears_the_sheet(english):
    add(english, "simplified", board=1, contract="4S", declarer="N", result="=")
    english.post(reverse("game-restart", args=["simplified"]))
    page = english.get(reverse("game", args=["simplified"])).text
    assert '<tr data-deal="' not in page


def test_the_simplified_sheet_scores_as_seed_003(english):
    add(english, "simplified", board=1, contract="4S", declarer="N", result="=")  # 4+2+5=11
    add(english, "simplified", board=2, contract="3NT", declarer="E", result="-1")  # NS +2
    page = english.get(reverse("game", args=["simplified"])).text
    assert "4+2+5=11" in page
    assert cell(page, "ns-total") == "13"


def test_a_rubber_ends_with_its_bonus_and_takes_no_more_deals(english):
    for _ in range(2):
        add(english, "rubber", declarer="WE", contract="4S", result="=")
    page = english.get(reverse("game", args=["rubber"])).text
    assert "Rubber to We." in page
    assert "700" in page
    refused = add(english, "rubber", declarer="THEY", contract="1NT", result="=")
    assert "The rubber is over: start over for a new rubber." in refused.text


def test_honours_need_a_side_and_the_right_strain(english):
    page = add(english, "rubber", declarer="WE", contract="3NT", result="=",
               honours="four-trump-honours")  # fmt: skip
    assert "Four aces count at notrump, trump honours in a suit contract." in page.text
    assert "Say which side held the honours." in page.text


def test_chicago_gives_100_for_a_part_score_left_after_deal_4(english):
    for _ in range(4):
        add(english, "chicago", declarer="", contract="PASS", result="")
    add(english, "chicago", declarer="N", contract="2S", result="=")  # deal 5, round 2
    for _ in range(3):
        add(english, "chicago", declarer="", contract="PASS", result="")
    page = english.get(reverse("game", args=["chicago"])).text
    assert cell(page, "ns-total") == "160"  # 60 below, 100 for the part-score after deal 4
    assert "Next: deal 9, dealer North" in page


def test_a_logged_in_player_saves_a_game_and_comes_back_to_it(client):
    player = make_user("player")
    client.force_login(player)
    add(client, "rubber", declarer="WE", contract="4S", result="=")
    response = client.post(reverse("game-save", args=["rubber"]), {"name": "Friday night"})
    game = Game.objects.get()
    assert response.url == reverse("game-saved", args=["rubber", game.pk])
    assert (game.owner, len(game.deals)) == (player, 1)

    add_saved = reverse("game-saved-deal", args=["rubber", game.pk])
    client.post(add_saved, {"declarer": "THEY", "contract": "2H", "result": "="})
    game.refresh_from_db()
    assert len(game.deals) == 2
    assert "Friday night" in client.get(reverse("games")).text

    other = make_user("other")
    client.force_login(other)
    assert client.get(reverse("game-saved", args=["rubber", game.pk])).status_code == 404
    client.post(add_saved, {"declarer": "THEY", "contract": "2H", "result": "="})
    game.refresh_from_db()
    assert len(game.deals) == 2


def test_saving_needs_a_login(client):
    response = client.post(reverse("game-save", args=["rubber"]), {"name": "x"})
    assert response.status_code == 302 and "/login/" in response.url
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("kind", "deal"),
    [
        ("tiebreak", TIEBREAK[0]),
        ("simplified", {"board": 1, "contract": "4S", "declarer": "N", "result": "="}),
        (
            "rubber",
            {
                "declarer": "WE",
                "contract": "4S",
                "result": "=",
                "honours": "four-trump-honours",
                "honours_side": "THEY",
            },
        ),
        ("chicago", {"declarer": "", "contract": "PASS", "result": ""}),
    ],
)
def test_the_correction_form_comes_back_filled_in_with_the_deal(english, kind, deal):
    add(english, kind, **deal)
    page = english.get(reverse("game", args=[kind]), {"edit": 0})
    assert page.status_code == 200
    assert "Correct deal 1" in page.text
    assert f'value="{deal["contract"]}"' in page.text or deal["contract"] == "PASS"
