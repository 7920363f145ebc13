"""Signing up and logging in: rate-limited per address, sign-up can be turned off, and
user names nobody can mistake for another's."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.factories import make_user

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 42"


def browser(address="203.0.113.7", language="en") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.cookies["django_language"] = language
    return client


def sign_up(client, username):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("signup"), data)


def username_errors(response) -> str:
    return " ".join(response.context["form"].errors.get("username", []))


def test_five_sign_ups_an_hour_from_one_address_then_a_clear_refusal():
    flood = browser("203.0.113.7")
    for n in range(5):
        assert sign_up(flood, f"bot{n}").status_code == 302
        flood.logout()  # and its cookies
        flood.cookies["django_language"] = "en"
    refused = sign_up(flood, "bot5")
    assert refused.status_code == 429
    assert "Too many accounts have been made from your address" in refused.text
    assert not User.objects.filter(username="bot5").exists()
    assert sign_up(browser("198.51.100.20"), "player").status_code == 302  # another address


def test_failed_sign_ups_do_not_use_up_the_allowance():
    client = browser()
    for _ in range(6):
        mismatch = {"username": "p", "password1": PASSWORD, "password2": "other"}
        assert client.post(reverse("signup"), mismatch).status_code == 200
    assert sign_up(client, "player").status_code == 302


def test_login_attempts_are_limited_per_address(settings):
    settings.LOGIN_RATE = "3/m"
    make_user("player1")
    client = browser()
    for _ in range(3):
        data = {"username": "nobody", "password": "x"}
        assert client.post(reverse("login"), data).status_code == 200
    refused = client.post(reverse("login"), {"username": "player1", "password": "x"})
    assert refused.status_code == 429
    assert "Too many login attempts from your address. Wait a minute" in refused.text
    data = {"username": "player1", "password": "correct horse battery"}
    assert browser("198.51.100.20").post(reverse("login"), data).status_code == 302


def test_the_limits_are_twenty_logins_a_minute_and_five_sign_ups_an_hour_by_default(settings):
    assert (settings.LOGIN_RATE, settings.SIGNUP_RATE) == ("20/m", "5/h")


def test_sign_up_can_be_turned_off(settings):
    settings.SIGNUP_OPEN = False
    client = browser()
    page = client.get(reverse("signup"))
    assert page.status_code == 403
    assert "This site does not take new accounts." in page.text
    assert sign_up(client, "player").status_code == 403
    assert not User.objects.filter(username="player").exists()
    assert reverse("signup") not in client.get(reverse("login")).text


def test_sign_up_closed_reads_in_chinese(settings):
    settings.SIGNUP_OPEN = False
    page = browser(language="zh-hans").get(reverse("signup"))
    assert "本站不接受新账户" in page.text


@pytest.mark.parametrize("typed", ["DirA", "DIRA", "ｄｉｒａ", "ＤｉｒＡ"])
def test_a_name_differing_only_in_case_or_width_is_taken(typed):
    make_user("dira")
    response = sign_up(browser(), typed)
    assert response.status_code == 200
    assert "already exists" in username_errors(response) or "looks the same" in username_errors(
        response
    )
    assert User.objects.count() == 1


def test_a_name_mixing_alphabets_that_look_alike_is_refused():
    response = sign_up(browser(), "dіrA")  # a Cyrillic і among Latin letters
    assert "mixes letters of alphabets that look alike" in username_errors(response)
    assert not User.objects.exists()


def test_a_look_alike_of_an_existing_name_is_refused():
    make_user("papa")
    response = sign_up(browser(), "рара")  # all four letters Cyrillic
    assert "looks the same as an existing user's" in username_errors(response)
    assert User.objects.count() == 1


@pytest.mark.parametrize("name", ["张三Zhang", "王建国", "li-ming_2", "José"])
def test_chinese_names_with_latin_letters_and_accents_are_welcome(name):
    assert sign_up(browser(), name).status_code == 302


def test_log_in_with_the_name_in_another_case():
    make_user("td")
    data = {"username": "TD", "password": "correct horse battery"}
    response = browser().post(reverse("login"), data)
    assert response.status_code == 302
    assert response.client.session["_auth_user_id"]


def test_the_username_checks_read_in_chinese():
    make_user("papa")
    assert "字母表" in username_errors(sign_up(browser(language="zh-hans"), "dіrA"))
    assert "现有用户" in username_errors(sign_up(browser(language="zh-hans"), "рара"))


def test_without_redis_the_counts_are_kept_in_a_database_table_every_process_shares(settings):
    from django.db import connection

    from matches.apps import create_cache_tables

    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "shared": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "shared_cache",
        },
    }
    create_cache_tables()  # as every migrate does
    settings.LOGIN_RATE = "2/m"
    client = browser()
    for _ in range(2):
        client.post(reverse("login"), {"username": "nobody", "password": "x"})
    assert client.post(reverse("login"), {"username": "x", "password": "x"}).status_code == 429
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM shared_cache")
        assert cursor.fetchone()[0] >= 1


def test_the_sign_up_action_takes_plain_values_and_writes_the_account_itself():
    from matches import actions

    user = actions.sign_up(username="newplayer", password=PASSWORD)
    user = User.objects.get(pk=user.pk)
    assert user.username == "newplayer" and user.check_password(PASSWORD)
    assert not (user.is_staff or user.is_superuser or user.groups.exists())


@pytest.mark.parametrize(
    ("username", "password", "field", "words"),
    [
        ("bad\x00name", PASSWORD, "username", "cannot be stored"),
        ("bad\x01name", PASSWORD, "username", "cannot be stored"),
        ("", PASSWORD, "username", "required"),
        ("x" * 151, PASSWORD, "username", "150"),
        ("with space", PASSWORD, "username", "Enter a valid username"),
        ("TAKEN", PASSWORD, "username", "looks the same as an existing user's"),
        ("dіrA", PASSWORD, "username", "mixes letters of alphabets"),
        ("newplayer", "12345", "password2", "too short"),
        ("newplayer", "newplayer1", "password2", "too similar"),
    ],
)
def test_the_sign_up_action_checks_what_it_writes_as_the_form_does(
    username, password, field, words
):
    """A command or an import calling the action cannot make what the form refuses."""
    from django.utils import translation

    from matches import actions

    make_user("taken")
    with pytest.raises(actions.ActionError) as refused:
        actions.sign_up(username=username, password=password)
    assert refused.value.field == field
    with translation.override("en"):
        assert words in str(refused.value)
    assert User.objects.count() == 1


def test_a_taken_name_is_told_no_more_often_than_accounts_are_made():
    make_user("Player1")
    prober = browser()
    for name in ("player1", "PLAYER1", "Player1", "pLayer1", "playeR1"):
        answer = sign_up(prober, name)
        assert answer.status_code == 200 and "already exists" in username_errors(answer)
    refused = sign_up(prober, "player1")
    assert refused.status_code == 429
    assert "already exists" not in refused.text
    assert sign_up(prober, "a-new-name").status_code == 429  # the same count as accounts
    assert User.objects.count() == 1
