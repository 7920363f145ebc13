"""Error pages come in the site's layout and in the visitor's language, never Django's bare
English defaults."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_match

pytestmark = pytest.mark.django_db

NAVBAR = '<nav class="navbar'


@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Page not found"), ("zh-hans", "找不到这个页面")]
)
def test_a_missing_page_says_so_in_the_visitors_language(client, language, heading):
    client.cookies["django_language"] = language
    response = client.get("/events/999999/")
    assert response.status_code == 404
    assert NAVBAR in response.text
    assert f'<h1 class="h3">{heading}</h1>' in response.text


def test_a_player_on_a_directors_page_is_told_why_in_chinese(player_client):
    player_client.cookies["django_language"] = "zh-hans"
    match = make_match()
    response = player_client.get(reverse("director-sheet", args=[match.pk, "open"]))
    assert response.status_code == 403
    assert NAVBAR in response.text
    assert "不能进行这项操作" in response.text
    assert "您以 player 的身份登录" in response.text


def test_an_out_of_date_form_says_nothing_was_saved(db):
    client = Client(enforce_csrf_checks=True)
    client.cookies["django_language"] = "en"
    response = client.post(reverse("login"), {"username": "x", "password": "y"})
    assert response.status_code == 403
    assert NAVBAR in response.text
    assert "The form was out of date" in response.text


@pytest.mark.urls("tests.error_urls")
@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Something went wrong"), ("zh-hans", "服务器出错")]
)
def test_a_server_error_page_is_in_the_site_layout_and_language(client, language, heading):
    client.raise_request_exception = False
    client.cookies["django_language"] = language
    response = client.get("/broken/")
    assert response.status_code == 500
    assert NAVBAR in response.text
    assert heading in response.text
