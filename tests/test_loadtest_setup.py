"""The load tests' event is made through the app's actions (loadtest/setup_event.py), so a
change to an action's arguments that the script misses fails here, not on the evening
someone runs ``make load``."""

import importlib.util
from pathlib import Path

import pytest

from matches.models import Result, Room

SETUP = Path(__file__).resolve().parents[1] / "loadtest" / "setup_event.py"
pytestmark = pytest.mark.django_db


def setup_module_from_file():
    spec = importlib.util.spec_from_file_location("loadtest_setup_event", SETUP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_scenarios_event_has_round_1_played_and_round_2_at_open_tables():
    plan = setup_module_from_file().tables_event(3, 4, seed=1)
    assert len(plan["teams"]) == 6 and plan["current_round"] == 2
    assert Result.objects.filter(board__match__round=1).count() == 3 * 4 * 2
    tables = {(t["match"], t["room"]): t["token"] for t in plan["tables"]}
    assert len(tables) == 3 * 2
    opened = Room.objects.filter(match__round=2, revoked__isnull=True)
    assert {(room.match_id, room.room): room.token for room in opened} == tables
    assert plan["device_length"] == 64
