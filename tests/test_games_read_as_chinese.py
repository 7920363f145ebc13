"""The home games and the calculator read as native Chinese: the terms of the source documents
and the Chinese Laws, full-width punctuation, and no internal document numbers."""

import re

import pytest
from django.urls import reverse

from tests.games_harness import add, delete, page, store_in_session

pytestmark = pytest.mark.django_db

CHINESE = r"[\u3400-\u9fff]"
ASCII_BESIDE_CHINESE = re.compile(rf"{CHINESE}[:;,()]|[:;,()]{CHINESE}")


def visible_text(html):
    """Return the page's text as a reader sees it: no tags, scripts or attribute values."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", "", html)


def filled_pages(client):
    """Return the text of every game page with deals, notes and messages on it, and the
    calculator's, in the client's language."""
    for deal in [
        {
            "board": 1,
            "contract": "4SX",
            "declarer": "北",
            "lead": "黑桃Q",
            "result": "=",
            "ns_hcp": 24,
        },
        {"board": 2, "contract": "PASS", "declarer": "", "result": "", "ns_hcp": 22},
    ]:
        add(client, "tiebreak", **deal)
        add(client, "simplified", **deal)
    client.post(reverse("game-settings", args=["tiebreak"]), {"method": "elaborate"})
    for deal in [("北", "2S", "="), ("", "PASS", ""), ("东", "1NT", "-1"), ("南", "4SX", "-1")]:
        add(client, "chicago", declarer=deal[0], contract=deal[1], result=deal[2])
    for side, contract in [("WE", "2S"), ("THEY", "4H"), ("WE", "2S"), ("WE", "2S")]:
        add(
            client,
            "rubber",
            declarer=side,
            contract=contract,
            result="=",
            honours="four-trump-honours" if side == "THEY" else "",
            honours_side="WE",
        )
    yield page(client, "tiebreak")
    yield page(client, "simplified")
    yield page(client, "chicago")
    yield delete(client, "rubber", 1).text  # refused, with the reason
    yield add(client, "chicago", declarer="北", contract="PASS", result="=").text  # errors
    client.post(reverse("game-settings", args=["rubber"]), {"finished_early": "on"})
    yield page(client, "rubber")
    store_in_session(client, "rubber", [{"declarer": "WE", "contract": "7NT", "tricks": 13}] * 3)
    yield page(client, "rubber")  # deals after the end, marked
    yield client.get(reverse("games")).text
    yield client.get(
        reverse("calculator"),
        {
            "board": 5,
            "a-contract": "4SX",
            "a-declarer": "北",
            "a-result": "+1",
            "b-contract": "4S",
            "b-declarer": "南",
            "b-result": "-1",
        },
    ).text
    yield client.get(reverse("calculator"), {"board": 5, "a-contract": "4SXXX"}).text


def test_chinese_pages_use_full_width_punctuation_beside_chinese(chinese):
    for html in filled_pages(chinese):
        text = visible_text(html)
        assert not ASCII_BESIDE_CHINESE.findall(text), [
            text[max(0, m.start() - 20) : m.end() + 20] for m in ASCII_BESIDE_CHINESE.finditer(text)
        ]


@pytest.mark.parametrize("client_name", ["chinese", "english"])
def test_no_page_names_a_source_document_by_its_file_number(request, client_name):
    client = request.getfixturevalue(client_name)
    for html in filled_pages(client):
        text = visible_text(html)
        assert not re.search(r"seed|资料 ?0\d\d", text, flags=re.I)


def test_the_native_terms_are_used(chinese):
    text = " ".join(visible_text(html) for html in filled_pages(chinese))
    terms = ["芝加哥式（四副一轮）", "赢盘奖分", "重新发牌", "按超出点数罚分（赔点）", "大牌点"]
    terms += ["定约方", "基本分（墩分）", "超墩奖分", "发牌人：", "双方无局", "4♠×"]
    for term in terms:
        assert term in text, term
    wrongs = ["盘局奖分", "庄家方", "四副一局", "牌力点数", "贴出超过的点数", "定约墩分"]
    wrongs += ["超额墩分", "重打", "4♠X"]
    for wrong in wrongs:
        assert wrong not in text, wrong


def test_english_pages_mark_the_chinese_terms_as_chinese(english):
    for html in filled_pages(english):
        for match in re.finditer(rf">([^<]*{CHINESE}[^<]*)<", html):
            before = html[: match.start() + 1]
            opened = before.rfind("<")
            assert 'lang="zh-hans"' in before[opened:].lower(), match.group(1)
