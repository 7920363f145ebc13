import re

import pytest
from django.urls import reverse


def calculate(client, **fields):
    return client.get(reverse("calculator"), {"board": 1, **fields})


def test_the_calculator_opens_for_anyone_with_board_one_filled_in(english):
    page = english.get(reverse("calculator"))
    assert page.status_code == 200
    assert "Score calculator" in page.text
    assert "Neither vulnerable" in page.text
    assert "scored-result" not in page.text


@pytest.mark.parametrize(
    ("board", "contract", "declarer", "result", "ns", "ew", "formula"),
    [
        (1, "2S", "N", "=", "110", "", "2×30 + 50 = 110"),
        (2, "3C", "N", "-1", "", "100", ""),  # one part: its line says it all
        (3, "2D", "E", "+2", "", "130", "2×20 + 2×20 + 50 = 130"),
        (4, "4H", "E", "10", "", "620", "4×30 + 500 = 620"),
        (5, "4SX", "N", "+1", "990", "", "4×60 + 200 + 50 + 500 = 990"),
    ],
)
def test_it_shows_each_sides_score_with_the_seeds_working(
    english, board, contract, declarer, result, ns, ew, formula
):
    page = english.get(
        reverse("calculator"),
        {"board": board, "a-contract": contract, "a-declarer": declarer, "a-result": result},
    )
    assert f'<td class="ns-score fs-5">{ns}</td>' in page.text
    assert f'<td class="ew-score fs-5">{ew}</td>' in page.text
    if formula:
        cell = f'class="formula text-body-secondary text-end small pt-0">{formula}</td>'
        assert cell in page.text
    else:
        assert 'class="formula' not in page.text
    assert "<code" not in page.text  # a printed table, not developer output


def test_a_second_table_gives_the_difference_and_the_imps(english):
    page = calculate(
        english,
        board=5,
        **{"a-contract": "4SX", "a-declarer": "N", "a-result": "+1"},
        **{"b-contract": "4S", "b-declarer": "S", "b-result": "-1"},
    )
    assert '<strong class="difference">+1090</strong>' in page.text
    assert '<strong class="imps">14</strong>' in page.text


def test_a_passed_out_board_scores_nothing_and_needs_no_declarer(english):
    page = calculate(english, **{"a-contract": "pass"})
    assert "A passed-out board scores 0." in page.text
    assert "invalid-feedback" not in page.text


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"a-contract": "8NT", "a-declarer": "N", "a-result": "="},
            "a-contract",
            "The level must be 1 to 7 (you wrote “8NT”).",
        ),
        (
            {"a-contract": "4Z", "a-declarer": "N", "a-result": "="},
            "a-contract",
            "The strain must be C, D, H, S or NT (you wrote “4Z”).",
        ),
        (
            {"a-contract": "", "a-declarer": "N", "a-result": "="},
            "a-contract",
            "Enter a contract, such as 4S, 3NT, 2HX or PASS.",
        ),
        (
            {"a-contract": "4S", "a-declarer": "", "a-result": "="},
            "a-declarer",
            "Enter the declarer: N, E, S or W.",
        ),
        (
            {"a-contract": "4S", "a-declarer": "Z", "a-result": "="},
            "a-declarer",
            "“Z” is not a seat: write N, E, S or W.",
        ),
        (
            {"a-contract": "7NT", "a-declarer": "N", "a-result": "+7"},
            "a-result",
            "7NT +7 would be more than 13 tricks.",
        ),
        (
            {"a-contract": "4S", "a-declarer": "N", "a-result": "14"},
            "a-result",
            "Declarer takes 0 to 13 tricks, not 14.",
        ),
        (
            {"a-contract": "4S", "a-declarer": "N", "a-result": "x"},
            "a-result",
            "“x” is not a result: write “=”, “+1”, “-2” or the number of tricks 0 to 13.",
        ),
        (
            {"board": "0", "a-contract": "4S", "a-declarer": "N", "a-result": "="},
            "board",
            "Board numbers start at 1.",
        ),
        (
            {"board": "five", "a-contract": "4S", "a-declarer": "N", "a-result": "="},
            "board",
            "A board number is a whole number, such as 5.",
        ),
        (
            {"b-contract": "3NT", "b-declarer": "W", "b-result": ""},
            "b-result",
            "Enter the result: “=”, “+1”, “-2” or the number of tricks, such as 10.",
        ),
        (
            {"a-contract": "4SXXX"},
            "a-contract",
            "A contract is doubled (X) or redoubled (XX), never more (you wrote “4SXXX”).",
        ),
        (
            {"a-contract": "3NTXXX"},
            "a-contract",
            "A contract is doubled (X) or redoubled (XX), never more (you wrote “3NTXXX”).",
        ),
        (
            {"a-contract": "PASS", "a-declarer": "N", "a-result": ""},
            "a-declarer",
            "A passed-out board has no declarer: leave the declarer empty, or enter the "
            "contract played.",
        ),
        (
            {"a-contract": "PASS", "a-declarer": "", "a-result": "="},
            "a-result",
            "A passed-out board has no result: leave the result empty, or enter the contract "
            "played.",
        ),
    ],
)
def test_bad_input_gets_a_message_beside_the_field_and_no_score(english, fields, field, message):
    data = {"board": 1, "a-contract": "4S", "a-declarer": "N", "a-result": "=", **fields}
    page = english.get(reverse("calculator"), data)
    assert page.status_code == 200
    assert (
        f'<div class="invalid-feedback d-block" id="id_{field}_error" role="alert">{message}</div>'
        in page.text
    )
    assert f'aria-invalid="true" aria-describedby="id_{field}_error"' in page.text
    assert "scored-result" not in page.text


def test_what_was_typed_stays_in_the_fields_after_an_error(english):
    page = calculate(english, **{"a-contract": "8NT", "a-declarer": "E", "a-result": "+1"})
    assert 'value="8NT"' in page.text
    assert 'value="+1"' in page.text
    assert 'name="a-declarer" id="id_a-declarer" value="E"' in page.text


def test_pass_with_a_declarer_and_a_result_is_refused_field_by_field(english):
    page = calculate(english, **{"a-contract": "PASS", "a-declarer": "N", "a-result": "="})
    assert page.text.count('class="invalid-feedback d-block"') == 2
    assert "A passed-out board has no declarer" in page.text
    assert "A passed-out board has no result" in page.text
    assert "scored-result" not in page.text


@pytest.mark.parametrize("typed", ["N", "n", " north ", "北", "Ｎ"])
def test_the_declarer_is_typed_as_a_letter_or_a_chinese_seat_in_any_case(english, typed):
    page = calculate(english, **{"a-contract": "4S", "a-declarer": typed, "a-result": "="})
    assert '<td class="ns-score fs-5">420</td>' in page.text


def test_messages_and_labels_come_in_chinese(chinese):
    page = calculate(chinese, board=2, **{"a-contract": "8NT", "a-declarer": "N", "a-result": "="})
    assert "定约阶数须为 1 至 7（您填的是“8NT”）。" in page.text
    for term in ("牌号", "定约", "庄家", "结果", "局况", "南北有局", "发牌"):
        assert term in page.text


def test_the_score_page_reads_in_chinese(chinese):
    page = calculate(chinese, board=4, **{"a-contract": "4H", "a-declarer": "E", "a-result": "="})
    assert "成局奖分" in page.text
    assert "基本分（墩分）" in page.text
    assert "双方有局" in page.text
    assert '<td class="ew-score fs-5">620</td>' in page.text


def test_htmx_gets_only_the_calculator_fragment(english):
    page = english.get(
        reverse("calculator"),
        {"board": 1, "a-contract": "3NT", "a-declarer": "S", "a-result": "="},
        headers={"HX-Request": "true"},
    )
    assert page.text.lstrip().startswith('<div id="calculator" data-focus-errors>')
    assert "<nav" not in page.text
    assert '<td class="ns-score fs-5">400</td>' in page.text


@pytest.mark.parametrize(
    ("board", "dealer", "vulnerability"),
    [
        (1, "North", "Neither vulnerable"),
        (2, "East", "N-S vulnerable"),
        (3, "South", "E-W vulnerable"),
        (4, "West", "Both vulnerable"),
        (17, "North", "Neither vulnerable"),
    ],
)
def test_the_board_number_fills_in_dealer_and_vulnerability(english, board, dealer, vulnerability):
    page = english.get(reverse("board-info"), {"board": board})
    assert f"<dd>{dealer}</dd>" in page.text
    assert vulnerability in page.text


def test_a_bad_board_number_shows_no_dealer(english):
    assert "<dd>" not in english.get(reverse("board-info"), {"board": "x"}).text


def test_the_language_switch_remembers_the_choice(client):
    response = client.post(
        reverse("set_language"), {"language": "en", "next": reverse("calculator")}
    )
    assert response.status_code == 302
    assert "Score calculator" in client.get(reverse("calculator")).text
    client.post(reverse("set_language"), {"language": "zh-hans", "next": "/"})
    assert "计分器" in client.get(reverse("calculator")).text


@pytest.mark.django_db
def test_the_home_page_links_the_calculator_and_the_director_login(chinese):
    page = chinese.get(reverse("home"))
    assert reverse("calculator") in page.text
    assert "登录" in page.text


def test_no_page_loads_anything_from_another_site(english):
    page = calculate(english, **{"a-contract": "3NT", "a-declarer": "S", "a-result": "="})
    assert "//cdn" not in page.text
    assert 'src="http' not in page.text
    assert 'href="http' not in page.text
    assert "/static/bootstrap/css/bootstrap.min.css" in page.text
    assert "/static/django_htmx/htmx-2.min.js" in page.text


def test_the_breakdown_is_a_table_of_named_parts_with_the_declaring_sides_total(english):
    page = calculate(english, board=5, **{"a-contract": "4SX", "a-declarer": "N", "a-result": "+1"})
    parts = re.findall(
        r'<tr class="part"><th scope="row" class="fw-normal">([^<]+)</th>\s*'
        r'<td class="working text-body-secondary">([^<]*)</td>\s*'
        r'<td class="points text-end">(-?\d+)</td>',
        page.text,
    )
    assert parts == [
        ("Contract tricks", "4×60", "240"),
        ("Overtricks", "", "200"),
        ("Bonus for making a doubled contract", "", "50"),
        ("Game bonus", "", "500"),
    ]
    assert '<td class="points text-end fw-bold">990</td>' in page.text


def test_a_doubled_contract_reads_with_the_chinese_sign_on_chinese_pages(chinese):
    page = calculate(chinese, board=5, **{"a-contract": "4SX", "a-declarer": "N", "a-result": "+1"})
    assert '4<span class="suit suit-s">♠</span>×' in page.text


@pytest.mark.parametrize(
    ("contract", "named", "not_named"),
    [
        ("1NTXX", "Bonus for making a redoubled contract", "Bonus for making a doubled contract"),
        ("2SX", "Bonus for making a doubled contract", "Bonus for making a redoubled contract"),
    ],
)
def test_the_bonus_for_a_made_doubled_or_redoubled_contract_is_named_for_which_it_is(
    english, contract, named, not_named
):
    page = english.get(
        reverse("calculator"),
        {"board": 1, "a-contract": contract, "a-declarer": "N", "a-result": "="},
    ).text
    assert named in page and not_named not in page
