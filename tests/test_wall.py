"""The wall (a projector in the playing area) and a round's QR-code poster, as the room and
a player's phone read them: both languages at once, no site chrome, a QR code to each
page."""

import re

import pytest
from django.urls import reverse

from matches import actions
from matches.presenters.table_cards import qr_svg
from tests import congress, pages

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return pages.text_of(response.content.decode(), without_svg=True)


def test_the_wall_shows_the_round_under_way_in_both_languages_without_the_site_menu(client):
    event = congress.round_robin()
    response = client.get(reverse("wall", args=[event.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    text = text_of(response)
    assert "navbar" not in html  # no site chrome
    assert "第 3 轮" in text and "Round 3" in text
    assert "即时比分" in text and "Running score" in text
    assert "开室" in text and "Open" in text and "闭室" in text
    assert "未开始" in text and "Not started" in text  # the match not started: a dash
    assert "排名" in text and "Standings" in text
    # Each table of the round has its scorecard's QR code, and the event and round theirs.
    for table, match in enumerate(event.matches.filter(round=3).order_by("pk"), start=1):
        code = qr_svg(
            f"http://testserver{match.get_absolute_url()}", f"第 {table} 桌记分表的二维码"
        )
        assert code in html
    assert qr_svg(f"http://testserver{event.get_absolute_url()}", "赛事页面的二维码") in html
    round_page = reverse("round", args=[event.pk, 3])
    assert qr_svg(f"http://testserver{round_page}", "本轮页面的二维码：第 3 轮") in html


def test_the_wall_counts_the_boards_done_in_each_room(client):
    event = congress.round_robin(boards=8)
    first = event.matches.filter(round=3).order_by("pk").first()  # 8 open, 4 closed
    response = client.get(reverse("wall", args=[event.pk]))
    row = re.search(rf'<tr data-match="{first.pk}".*?</tr>', response.content.decode(), re.S)
    cells = pages.text_of(row.group(0))
    assert re.search(r"开室 Open 8 /8 闭室 Closed 4 /8", cells), cells


def test_the_wall_shows_the_next_rounds_draw_with_the_room_each_team_sits_in(client):
    event = congress.round_robin(played=2, under_way=False)
    text = text_of(client.get(reverse("wall", args=[event.pk])))
    assert "第 3 轮" in text and "对阵" in text and "Draw" in text
    assert "南北" in text and "东西" in text and "N-S" in text and "E-W" in text


def test_after_the_final_the_wall_leads_with_the_final_ranking(client):
    event = congress.knockout()
    text = text_of(client.get(reverse("wall", args=[event.pk])))
    assert "最终排名" in text and "Final ranking" in text
    assert "冠军" in text and "Winner" in text and "亚军" in text
    assert "第 2 轮" not in text  # a knockout's rounds are named, never numbered


def test_a_rounds_poster_has_the_event_the_round_and_each_tables_qr_code(client):
    event = congress.round_robin()
    response = client.get(reverse("round-poster", args=[event.pk, 1, 3]))
    assert response.status_code == 200
    text = text_of(response)
    assert "第 3 轮" in text and "Round 3" in text
    assert "第 1 桌" in text and "Table 1" in text
    html = response.content.decode()
    assert html.count('class="qr"') == 2 + event.matches.filter(round=3).count()


def test_a_poster_of_a_round_with_no_match_is_not_found(client):
    event = congress.round_robin()
    assert client.get(reverse("round-poster", args=[event.pk, 1, 9])).status_code == 404
    assert client.get(reverse("round-poster", args=[event.pk, 5, 1])).status_code == 404


def wall_subtitle(client, event) -> str:
    html = client.get(reverse("wall", args=[event.pk])).content.decode()
    subtitle = re.search(r'<p class="wall-subtitle">(.*?)</p>', html, re.S).group(1)
    return pages.text_of(subtitle).strip()


def test_the_wall_names_a_stage_of_the_default_name_in_both_languages(client):
    event = congress.knockout(decided=False)
    assert wall_subtitle(client, event).startswith("淘汰赛 Knockout · 决赛 Final")


def test_the_wall_shows_a_stage_name_the_director_typed_once_as_typed(client):
    event = congress.knockout(decided=False)
    actions.configure_stage(event, user=None, number=2, name="决赛阶段 Finals")
    subtitle = wall_subtitle(client, event)
    assert subtitle.startswith("决赛阶段 Finals · 决赛 Final"), subtitle
    assert "淘汰赛" not in subtitle and "Knockout" not in subtitle


def test_the_wall_draws_every_table_and_team_for_its_script_to_page_through(client):
    event = congress.one_round(30)
    html = client.get(reverse("wall", args=[event.pk])).content.decode()
    assert len(re.findall(r'<tr data-match="\d+"[^>]*data-unit', html)) == 30  # running score
    assert len(re.findall(r'<tbody class="wall-draw-pair"[^>]*data-unit', html)) == 30  # draw
    assert len(re.findall(r'<tr data-team="\d+"[^>]*data-unit', html)) == 60  # standings
    assert "第 {page} 页，共 {pages} 页" in html and "Page {page} of {pages}" in html
