import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse


@pytest.mark.django_db
def test_the_demo_director_command_prints_a_login_that_works(client, capsys):
    call_command("demo_director")
    printed = capsys.readouterr().out
    username = re.search(r"username: (\S+)", printed).group(1)
    password = re.search(r"password: (\S+)", printed).group(1)

    director = User.objects.get(username=username)
    assert director.groups.filter(name="Directors").exists()
    response = client.post(reverse("login"), {"username": username, "password": password})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].is_authenticated


@pytest.mark.django_db
def test_running_it_again_gives_a_new_password_for_the_same_account(capsys):
    call_command("demo_director")
    first = capsys.readouterr().out
    call_command("demo_director")
    second = capsys.readouterr().out
    assert User.objects.filter(username="director").count() == 1
    assert first.split("password: ")[1] != second.split("password: ")[1]


@pytest.mark.django_db
def test_a_wrong_password_is_refused_with_a_message(english):
    call_command("demo_director")
    response = english.post(reverse("login"), {"username": "director", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.text
