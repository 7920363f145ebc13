"""Director accounts are made through the actions: the demo director, and the load test's
directors (loadtest/setup_event.py), which writes no user or group itself."""

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from matches import actions
from matches.auth.permissions import directs, is_chief_director, is_director
from matches.models import EventDirector

pytestmark = pytest.mark.django_db

SETUP_EVENT = Path(__file__).resolve().parents[1] / "loadtest" / "setup_event.py"


def logs_in(username, password) -> bool:
    client = Client()
    response = client.post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302 and "_auth_user_id" in client.session


def test_a_director_account_is_made_by_an_action_and_made_again_with_a_new_password():
    password = actions.make_director("td1")
    user = User.objects.get(username="td1")
    assert is_director(user) and not is_chief_director(user) and user.is_staff
    assert logs_in("td1", password)
    again = actions.make_director("td1")
    assert again != password and not logs_in("td1", password) and logs_in("td1", again)
    assert User.objects.filter(username="td1").count() == 1


def test_a_chief_director_account_and_a_password_given():
    assert actions.make_director("chief", chief=True, password="a long pass phrase 42") == (
        "a long pass phrase 42"
    )
    assert is_chief_director(User.objects.get(username="chief"))
    assert logs_in("chief", "a long pass phrase 42")


@pytest.mark.parametrize("name", ["", "bad\x00name", "x" * 151, "with space"])
def test_the_director_account_action_refuses_a_name_no_account_may_have(name):
    with pytest.raises(actions.ActionError) as refused:
        actions.make_director(name)
    assert refused.value.field == "username"
    with translation.override("en"):
        assert str(refused.value)
    assert not User.objects.exists()


def test_the_demo_director_is_a_chief_director_made_by_the_same_action():
    password = actions.reset_demo_director("director")
    assert is_chief_director(User.objects.get(username="director"))
    assert logs_in("director", password)


def test_the_load_test_set_up_writes_no_user_or_group_itself():
    """Every write goes through matches.actions: no save, create or group change here."""
    source = SETUP_EVENT.read_text()
    for write in (
        r"\.save\(",
        r"get_or_create",
        r"\.create\(",
        r"groups\.add",
        r"set_password",
        r"\bGroup\b",
        r"get_user_model",
    ):
        assert not re.search(write, source), write


def test_the_load_test_set_up_makes_its_directors_through_the_actions(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("loadtest_setup_event", SETUP_EVENT)
    setup_event = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_event)
    plan_file = tmp_path / "plan.json"
    argv = [
        str(SETUP_EVENT),
        str(plan_file),
        "--teams",
        "4",
        "--rounds",
        "3",
        "--boards",
        "4",
        "--directors",
        "2",
    ]
    monkeypatch.setattr(sys, "argv", argv)
    setup_event.main()
    plan = json.loads(plan_file.read_text())
    assert [d["username"] for d in plan["directors"]] == ["loaddirector1", "loaddirector2"]
    for login in plan["directors"]:
        user = User.objects.get(username=login["username"])
        assert is_director(user) and directs(user, plan["event"])
        assert logs_in(login["username"], login["password"])
        row = EventDirector.objects.get(event_id=plan["event"], user=user)
        assert row.history.first() is not None
