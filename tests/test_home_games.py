"""The home-table games as a player uses them: enter deals, correct one, start over, save."""

import pytest
from django.urls import reverse

from matches.models import Game
from tests.factories import make_user
from tests.games_harness import KINDS, add, cell, page, rows

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_every_game_page_opens_for_anyone_in_both_languages(client, kind, language):
    client.cookies["django_language"] = language
    text = page(client, kind)
    assert 'id="game"' in text
    assert ("Add deal" in text) == (language == "en")
    assert ("添加一副" in text) == (language == "zh-hans")


# Every field of every game, the opening lead included, typed as a player would in each
# language: each deal is taken, shown on the sheet and comes back in the correction form.
EVERY_FIELD = {
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
            "declarer": "东",
            "lead": "红心10",
            "result": "-1",
            "ns_hcp": "18",
        },
        {
            "board": "3",
            "contract": "PASS",
            "declarer": "",
            "lead": "",
            "result": "",
            "ns_hcp": "22",
        },
    ],
    "simplified": [
        {"board": "1", "contract": "4S", "declarer": "n", "result": "=", "ns_hcp": ""},
        {"board": "2", "contract": "PASS", "declarer": "", "result": "", "ns_hcp": "23"},
        {"board": "3", "contract": "6H", "declarer": "西", "result": "+1", "ns_hcp": "12"},
    ],
    "rubber": [
        {
            "declarer": "WE",
            "contract": "4S",
            "result": "=",
            "honours": "four-trump-honours",
            "honours_side": "THEY",
        },
        {
            "declarer": "THEY",
            "contract": "3NT",
            "result": "-1",
            "honours": "four-aces",
            "honours_side": "WE",
        },
        {"declarer": "", "contract": "PASS", "result": "", "honours": "", "honours_side": ""},
    ],
    "chicago": [
        {"declarer": "S", "contract": "2S", "result": "="},
        {"declarer": "", "contract": "PASS", "result": ""},
        {"declarer": "w", "contract": "1NT", "result": "+1"},
    ],
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_every_field_of_every_game_is_taken_in_both_languages(client, kind, language):
    client.cookies["django_language"] = language
    for number, deal in enumerate(EVERY_FIELD[kind], 1):
        response = add(client, kind, **deal)
        assert response.status_code == 200
        assert 'aria-invalid="true"' not in response.text, response.text
        assert rows(response.text) == number
    for index in range(len(EVERY_FIELD[kind])):
        form = client.get(reverse("game", args=[kind]), {"edit": index})
        assert form.status_code == 200
        assert 'class="deal-form"' in form.text


def test_a_tiebreak_deal_with_an_opening_lead_is_shown_with_its_suit(english):
    # The deal of the issue: board 1, 4♠ by North, lead ♠Q, made, N-S 24 points.
    response = add(
        english, "tiebreak", board=1, contract="4S", declarer="N", lead="SQ", result="=", ns_hcp=24
    )
    assert response.status_code == 200
    assert '<span class="suit suit-s">♠</span>Q' in response.text


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
    text = page(english, "tiebreak")
    # 1: NS net 1; 2: EW 4; 3: NS 3; 4: EW 6 (seed 000 and 002: "净胜1点" … "净胜6点")
    assert cell(text, "ns-total") == "4"
    assert cell(text, "ew-total") == "10"


def test_the_elaborate_method_is_chosen_on_the_page(english):
    english.post(reverse("game-settings", args=["tiebreak"]), {"method": "elaborate"})
    add(english, "tiebreak", board=13, contract="5DX", declarer="S", result="-2", ns_hcp=17)
    text = page(english, "tiebreak")
    # Seed 000 第十三副: EW 500, give NS 3×80 = 240: 260 net, 6 IMPs to EW.
    assert cell(text, "ew-total") == "6"
    assert "3×80 = 240" in text
    assert "Method in use: the elaborate one" in text


def test_a_bad_deal_gets_a_message_beside_the_field_and_the_sheet_is_kept(english):
    add(english, "tiebreak", **TIEBREAK[0])
    response = add(english, "tiebreak", board=2, contract="9S", declarer="N", result="=", ns_hcp=45)
    assert 'id="id_contract_error" role="alert">The level must be 1 to 7 (you wrote “9S”).' in (
        response.text
    )
    assert 'id="id_ns_hcp_error" role="alert">High-card points are 0 to 40.' in response.text
    assert 'name="contract" id="id_contract" value="9S"' in response.text
    assert rows(response.text) == 1


@pytest.mark.parametrize("kind", ["tiebreak", "simplified", "chicago"])
def test_the_declarer_is_typed_and_pass_with_a_declarer_is_refused(english, kind):
    fields = {"board": 1, "ns_hcp": 20} if kind != "chicago" else {}
    response = add(english, kind, contract="PASS", declarer="N", result="", **fields)
    assert "A passed-out board has no declarer" in response.text
    assert rows(response.text) == 0
    response = add(english, kind, contract="4S", declarer="north", result="=", **fields)
    assert rows(response.text) == 1


def test_an_earlier_deal_can_be_corrected_or_deleted(english):
    for deal in TIEBREAK:
        add(english, "tiebreak", **deal)
    edit = reverse("game-deal-edit", args=["tiebreak", 1])
    english.post(edit, {**TIEBREAK[1], "result": "="}, headers={"HX-Request": "true"})
    assert "110" in page(english, "tiebreak")  # 3♣ made: 110 to NS
    english.post(reverse("game-deal-edit", args=["tiebreak", 0]), {"action": "delete"})
    assert rows(page(english, "tiebreak")) == 3


def test_start_over_clears_the_sheet(english):
    add(english, "simplified", board=1, contract="4S", declarer="N", result="=")
    english.post(reverse("game-restart", args=["simplified"]))
    assert rows(page(english, "simplified")) == 0


def test_the_simplified_sheet_scores_as_seed_003(english):
    add(english, "simplified", board=1, contract="4S", declarer="N", result="=")  # 4+2+5=11
    add(english, "simplified", board=2, contract="3NT", declarer="E", result="-1")  # NS +2
    text = page(english, "simplified")
    assert '<td class="working text-nowrap">4 + 2 + 5 = 11</td>' in text
    assert cell(text, "ns-total") == "13"


def test_a_rubber_ends_with_its_bonus_and_takes_no_more_deals(english):
    for _ in range(2):
        add(english, "rubber", declarer="WE", contract="4S", result="=")
    text = page(english, "rubber")
    assert "Rubber to We." in text
    assert "700" in text
    refused = add(english, "rubber", declarer="THEY", contract="1NT", result="=")
    assert "The rubber is over: start over for a new rubber." in refused.text
    assert 'role="alert" tabindex="-1" data-error-summary' in refused.text


def test_honours_need_a_side_and_the_right_strain(english):
    response = add(
        english, "rubber", declarer="WE", contract="3NT", result="=", honours="four-trump-honours"
    )
    assert "Four aces count at notrump, trump honours in a suit contract." in response.text
    assert "Say which side held the honours." in response.text


def test_the_rubber_side_is_chosen_with_radio_buttons(english):
    text = page(english, "rubber")
    assert 'type="radio" name="declarer" id="id_declarer_0" value="WE"' in text
    assert '<legend class="form-label fs-6 mb-1">Declaring side</legend>' in text


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
        ("tiebreak", {**TIEBREAK[0], "lead": "HT"}),
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
    text = page(english, kind, edit=0)
    assert "Correct deal 1" in text
    assert f'value="{deal["contract"]}"' in text
    if kind == "tiebreak":
        assert 'name="lead" id="id_lead" value="H10"' in text


def test_a_deal_deleted_in_another_window_gets_a_message_not_an_error(english):
    add(english, "chicago", declarer="N", contract="2S", result="=")
    response = english.post(
        reverse("game-deal-edit", args=["chicago", 3]),
        {"action": "delete"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "That deal is no longer on the sheet" in response.text
    assert rows(response.text) == 1
