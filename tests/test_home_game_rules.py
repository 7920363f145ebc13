"""The rules on the home-game pages: a change that would leave a sheet the rules refuse is
refused with the reason; a stored sheet that holds such deals still shows, marked; Chicago
by the ACBL's rules with its house variants named; an unfinished rubber by Law 80; limits."""

import pytest
from django.urls import reverse

from matches.models import Game
from tests.factories import make_user
from tests.games_harness import HTMX, add, cell, correct, delete, page, rows, store_in_session

pytestmark = pytest.mark.django_db

WE_2S = {"declarer": "WE", "contract": "2S", "result": "="}
THEY_4H = {"declarer": "THEY", "contract": "4H", "result": "="}


def the_issues_rubber(client):
    """Enter the rubber of the issue: WE 2♠=, THEY 4♥=, then WE 2♠= four times."""
    for deal in [WE_2S, THEY_4H, WE_2S, WE_2S, WE_2S, WE_2S]:
        assert rows(add(client, "rubber", **deal).text) > 0
    return page(client, "rubber")


def test_deleting_a_deal_that_would_leave_one_after_the_end_of_the_rubber_is_refused(english):
    # After deal 2 goes, games come on deals 2 and 4 and the rubber is over before deal 6.
    the_issues_rubber(english)
    response = delete(english, "rubber", 1)
    assert response.status_code == 200
    assert (
        "Deleting deal 2 would leave deal 6 (2♠ by We, =) after the end of the rubber: "
        "delete the later deals first, or start over."
    ) in response.text
    assert rows(response.text) == 6
    assert cell(page(english, "rubber"), "we-total") == "800"  # 5 × 60 below, 500 rubber
    # The way out the message gives works: the last deal first, then deal 2.
    delete(english, "rubber", 5)
    response = delete(english, "rubber", 1)
    assert "Deleting deal" not in response.text
    assert "Rubber to We." in response.text


def test_deleting_in_chinese_gives_the_reason_in_chinese(chinese):
    the_issues_rubber(chinese)
    response = delete(chinese, "rubber", 1)
    assert "删除第 2 副会使第 6 副（我方主打 2♠，结果 =）落在本盘结束之后" in response.text


def test_a_correction_that_would_end_the_rubber_earlier_is_refused(english):
    for deal in [WE_2S, THEY_4H, WE_2S]:
        add(english, "rubber", **deal)
    # 4♠ instead of 2♠ on deal 1 would win the rubber on deal 3... which is the last: fine.
    assert rows(correct(english, "rubber", 0, **{**WE_2S, "contract": "4S"}).text) == 3
    add(english, "rubber", **THEY_4H)  # deal 4: the rubber is over once deal 3 is a game
    assert "The rubber is over" in add(english, "rubber", **THEY_4H).text


def test_a_correction_that_leaves_a_later_deal_after_the_end_is_refused(english):
    for deal in [WE_2S, WE_2S, THEY_4H, WE_2S, WE_2S]:
        add(english, "rubber", **deal)  # games on deals 2 and 5: the rubber ends on deal 5
    response = correct(english, "rubber", 2, declarer="WE", contract="4H", result="=")
    assert (
        "Correcting deal 3 this way would end the rubber earlier and leave deal 4 "
        "(2♠ by We, =) after its end"
    ) in response.text
    assert cell(page(english, "rubber"), "we-total") == "740"  # unchanged: 4 × 60 + 500


def test_a_simplified_correction_that_puts_a_board_twice_on_the_sheet_is_refused(english):
    add(english, "simplified", board=1, contract="4S", declarer="N", result="=")
    add(english, "simplified", board=2, contract="3NT", declarer="E", result="=")
    response = correct(english, "simplified", 1, board=1, contract="3NT", declarer="E", result="=")
    assert "Correcting deal 2 this way would put a board on the sheet twice" in response.text


# A stored sheet the rules refuse (an older version, a bug) shows, with the deal marked.

BROKEN_RUBBER = [
    {"declarer": "WE", "contract": "4S", "tricks": 10},
    {"declarer": "WE", "contract": "3NT", "tricks": 9},
    {"declarer": "THEY", "contract": "2H", "tricks": 8},  # after the end of the rubber
]


def test_a_session_rubber_with_a_deal_after_its_end_still_shows_marked(english):
    store_in_session(english, "rubber", BROKEN_RUBBER)
    text = page(english, "rubber")
    assert "Deal 3 (2♥ by They, =) comes after the end of the rubber" in text
    assert 'data-problem-deal="2"' in text
    assert '<tr data-deal="2" class="table-warning left-out">' in text
    assert cell(text, "we-total") == "920"  # 120 + 100 + 700; deal 3 left out
    # The way to fix it is on the page, and works.
    response = delete(english, "rubber", 2)
    assert "sheet-problems" not in response.text
    assert "Rubber to We." in response.text


def test_a_saved_rubber_with_a_deal_after_its_end_shows_and_can_be_deleted(client):
    player = make_user("player")
    client.force_login(player)
    game = Game.objects.create(owner=player, kind="rubber", name="Old", deals=BROKEN_RUBBER)
    url = reverse("game-saved", args=["rubber", game.pk])
    assert "在本盘结束之后，因此未计入总分" in client.get(url).text  # Chinese by default
    client.post(reverse("game-saved-restart", args=["rubber", game.pk]))
    game.refresh_from_db()
    assert game.deals == []
    game.deals = BROKEN_RUBBER
    game.save()
    response = client.post(reverse("game-saved-delete", args=["rubber", game.pk]))
    assert response.status_code == 302
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("kind", "deals", "settings"),
    [
        ("rubber", [{"declarer": "ME", "contract": "4S", "tricks": 10}], {}),
        ("chicago", [{"declarer": "N", "contract": "9S", "tricks": 10}, {"x": 1}], {}),
        ("tiebreak", [{"board": 1, "contract": "4S", "declarer": "N", "tricks": 10}], {}),
        ("simplified", [{"board": "one", "contract": "4S", "declarer": "N", "tricks": 99}], {}),
        ("tiebreak", [], {"method": "guesswork"}),
        ("chicago", [], {"passed_out": "sometimes"}),
    ],
)
def test_a_stored_sheet_that_no_longer_reads_still_shows(english, kind, deals, settings):
    store_in_session(english, kind, deals, settings)
    text = page(english, kind)
    assert text.count("cannot be read any more") == len(deals)
    for index in range(len(deals)):
        assert page(english, kind, edit=index)
        assert delete(english, kind, 0).status_code == 200
    assert rows(page(english, kind)) == 0


def test_a_damaged_session_still_shows_an_empty_sheet(english):
    session = english.session
    session["home-games"] = ["not", "a", "dict"]
    session.save()
    assert rows(page(english, "chicago")) == 0
    add(english, "chicago", declarer="N", contract="1NT", result="=")
    assert rows(page(english, "chicago")) == 1


# Chicago on the page: the ACBL's rules by default, the house variants named when chosen.

ISSUE_CHICAGO = [
    {"declarer": "N", "contract": "2S", "result": "="},  # deal 1: NS 60 below
    {"declarer": "E", "contract": "1NT", "result": "-1"},  # deal 2, EW vulnerable: NS 100
    {"declarer": "S", "contract": "4S", "result": "-1"},  # deal 3, NS vulnerable: EW 100
    {"declarer": "W", "contract": "3NT", "result": "-1"},  # deal 4, both: NS 100
]


def test_chicago_gives_no_100_for_a_part_score_made_before_the_fourth_deal(english):
    for deal in ISSUE_CHICAGO:
        add(english, "chicago", **deal)
    text = page(english, "chicago")
    assert cell(text, "ns-total") == "260"
    assert "Rules: the ACBL's rules of four-deal bridge." in text
    assert "100 only to a side that makes a part-score on the fourth deal" in text


def test_the_house_rule_for_part_scores_is_named_on_the_sheet_and_in_the_notes(english):
    english.post(
        reverse("game-settings", args=["chicago"]),
        {"part_score_bonus": "unconverted", "passed_out": "redeal", "vulnerability": "dealer"},
    )
    for deal in ISSUE_CHICAGO:
        add(english, "chicago", **deal)
    text = page(english, "chicago")
    assert cell(text, "ns-total") == "360"
    assert "House rules chosen (not the ACBL's):" in text
    assert "<li>100 for any part-score left after the fourth deal</li>" in text
    assert "House rule: after the fourth deal, 100 to each side still holding" in text


def test_a_passed_out_deal_is_dealt_again_by_the_same_dealer(english):
    add(english, "chicago", declarer="N", contract="2S", result="=")
    add(english, "chicago", declarer="", contract="PASS", result="")
    text = page(english, "chicago")
    assert "Next: deal 2, dealer East, E-W vulnerable." in text
    assert "(dealt again)" in text


def test_with_the_house_rules_a_passed_out_deal_counts_and_deals_2_and_3_switch(english):
    english.post(
        reverse("game-settings", args=["chicago"]),
        {"part_score_bonus": "fourth-deal", "passed_out": "counts", "vulnerability": "non-dealer"},
    )
    add(english, "chicago", declarer="", contract="PASS", result="")
    text = page(english, "chicago")
    assert "Next: deal 2, dealer East, N-S vulnerable." in text
    assert "<li>a passed-out deal counts as one of the four</li>" in text
    assert "<li>the vulnerability of deals 2 and 3 switched</li>" in text


def test_chicago_reads_in_chinese_with_the_native_terms(chinese):
    add(chinese, "chicago", declarer="北", contract="2SX", result="=")
    text = page(chinese, "chicago")
    assert "芝加哥式（四副一轮）" in text
    assert "下一副：第 2 副，发牌人：东，东西有局。" in text
    assert '2<span class="suit suit-s">♠</span>×' in text
    assert "ACBL" in text and "重新发牌" in text


# The unfinished rubber, Law 80, on the page.


def test_an_unfinished_rubber_with_a_game_each_gets_no_300(english):
    add(english, "rubber", declarer="WE", contract="3NT", result="=")
    add(english, "rubber", declarer="THEY", contract="5D", result="=")
    add(english, "rubber", declarer="WE", contract="2S", result="=")
    english.post(reverse("game-settings", args=["rubber"]), {"finished_early": "on"})
    text = page(english, "rubber")
    assert cell(text, "we-total") == "260"  # 100 + 60 below, 100 for the only part-score
    assert cell(text, "they-total") == "100"
    assert "Rubber stopped before a side won two games: scored by Law 80." in text
    assert "Law 80 of the Laws of Rubber Bridge" in text


# Limits: deals on one sheet, games one player saves.


def test_a_sheet_takes_no_more_deals_than_the_limit(english, settings):
    settings.HOME_GAME_MAX_DEALS = 2
    for _ in range(2):
        add(english, "chicago", declarer="N", contract="1C", result="-1")
    response = add(english, "chicago", declarer="N", contract="1C", result="-1")
    assert "This sheet holds 2 deals, the most a sheet may hold" in response.text
    assert rows(response.text) == 2
    text = page(english, "chicago")
    assert 'class="deal-form"' not in text
    assert "sheet-full" in text
    assert rows(correct(english, "chicago", 0, declarer="S", contract="1C", result="=").text) == 2


def test_a_player_saves_no_more_games_than_the_limit(client, settings):
    settings.HOME_GAMES_MAX_SAVED = 1
    player = make_user("player")
    client.force_login(player)
    client.cookies["django_language"] = "zh-hans"
    client.post(reverse("game-save", args=["chicago"]), {"name": "一"})
    response = client.post(reverse("game-save", args=["chicago"]), {"name": "二"})
    assert response.status_code == 200
    assert "您已保存 1 个牌局，已达上限" in response.text
    assert Game.objects.count() == 1


def test_htmx_and_plain_posts_both_work(english):
    response = english.post(
        reverse("game-deal", args=["chicago"]), {"declarer": "N", "contract": "1NT", "result": "="}
    )
    assert response.status_code == 302
    response = english.post(
        reverse("game-deal", args=["chicago"]),
        {"declarer": "N", "contract": "1NT", "result": "="},
        headers=HTMX,
    )
    assert response.text.lstrip().startswith('<div id="game"')


def test_a_saved_game_deleted_in_another_window_sends_the_player_to_the_list(client):
    player = make_user("player")
    client.force_login(player)
    game = Game.objects.create(owner=player, kind="chicago", name="Gone soon")
    url = reverse("game-saved-deal", args=["chicago", game.pk])
    Game.objects.filter(pk=game.pk).delete()
    response = client.post(url, {"declarer": "N", "contract": "1NT", "result": "="}, headers=HTMX)
    assert response.status_code == 404  # the game is looked up first: it is gone


def test_the_actions_refuse_past_the_limits_whoever_calls_them(settings, english):
    from django.utils import translation

    from matches import actions

    translation.activate("en")
    settings.HOME_GAME_MAX_DEALS = 1
    settings.HOME_GAMES_MAX_SAVED = 1
    player = make_user("player")
    deal = {"declarer": "N", "contract": "1NT", "tricks": 7}
    with pytest.raises(actions.ActionError, match="most a sheet may hold"):
        actions.save_game(
            owner=player, kind="chicago", name="a", settings={}, deals=[deal, deal], user=player
        )
    game = actions.save_game(
        owner=player, kind="chicago", name="a", settings={}, deals=[deal], user=player
    )
    with pytest.raises(actions.ActionError, match="most a player may keep"):
        actions.save_game(
            owner=player, kind="chicago", name="b", settings={}, deals=[], user=player
        )
    with pytest.raises(actions.ActionError, match="most a sheet may hold"):
        actions.update_game(game, settings={}, deals=[deal, deal], user=player)
    actions.delete_game(game, user=player)
    with pytest.raises(actions.Gone):
        actions.update_game(game, settings={}, deals=[], user=player)
