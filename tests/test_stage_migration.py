"""The stage data migration (0012) keeps what a club already has: every event made before
stages existed becomes one round-robin stage playing by the event's own settings, its
matches and byes staying where they were. The database is built as it was before the
migration (Django's MigrationExecutor), filled, migrated forward, and read back."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# Each test migrates the schema back and forth: outside the test's transaction.
pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_STAGE_ROWS = [("matches", "0011_stages")]
STAGE_ROWS = [("matches", "0012_existing_events_one_stage")]


def migrate(targets):
    """Migrate the test database to ``targets`` and return the models as they are there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def migrator():
    """Migrate with ``migrate``; the database is back at the latest migrations afterwards."""
    yield migrate
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def add_event(apps, name, **settings):
    """Add an event as it was before stages, with two teams, a match and a bye."""
    Event = apps.get_model("matches", "Event")
    Team = apps.get_model("matches", "Team")
    fields = {"vp_scale": "wbf-2013", "boards_per_match": 16, "boards_per_segment": 16}
    event = Event.objects.create(
        name=name, date=datetime.date(2026, 11, 1), **{**fields, **settings}
    )
    home, away, rests = (Team.objects.create(event=event, name=n) for n in ("A", "B", "C"))
    apps.get_model("matches", "Match").objects.create(event=event, round=1, home=home, away=away)
    apps.get_model("matches", "Bye").objects.create(event=event, round=1, team=rests)
    return event


def test_each_event_made_before_stages_becomes_one_round_robin_stage_with_its_settings(
    migrator,
):
    old = migrator(BEFORE_STAGE_ROWS)
    club = add_event(old, "Club teams")
    congress = add_event(
        old, "Congress", vp_scale="printed-25", boards_per_match=20, boards_per_segment=10,
        bye_vp=Decimal("18"),
    )  # fmt: skip
    swiss = add_event(old, "Already staged")  # made once stages existed: stage 1 is a Swiss
    old.get_model("matches", "Stage").objects.create(event_id=swiss.pk, number=1, kind="swiss")

    new = migrator(STAGE_ROWS)

    Stage = new.get_model("matches", "Stage")
    stage = Stage.objects.get(event_id=congress.pk)
    assert (stage.number, stage.kind, stage.vp_scale) == (1, "round-robin", "printed-25")
    assert (stage.boards_per_match, stage.boards_per_segment, stage.bye_vp) == (20, 10, 18)
    assert Stage.objects.get(event_id=club.pk).kind == "round-robin"
    assert list(Stage.objects.filter(event_id=swiss.pk).values_list("kind", flat=True)) == [
        "swiss"
    ]  # left as it was: no second stage 1
    # The matches and byes stay the first stage's: stage empty.
    assert not new.get_model("matches", "Match").objects.exclude(stage=None).exists()
    assert not new.get_model("matches", "Bye").objects.exclude(stage=None).exists()

    migrator(BEFORE_STAGE_ROWS)  # and back again: nothing to undo, nothing lost
    assert old.get_model("matches", "Match").objects.count() == 3


def test_an_old_event_reads_as_one_round_robin_stage_in_the_app_after_migrating(migrator):
    old = migrator(BEFORE_STAGE_ROWS)
    event = add_event(old, "Club teams")
    migrator(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from matches.models import Event
    from matches.tables import EventTables

    tables = EventTables(Event.objects.get(pk=event.pk))
    (stage,) = tables.stages
    assert stage.pk is not None and stage.is_round_robin and stage.is_first
    assert stage.matches_here().count() == 1 and stage.byes_here().count() == 1
