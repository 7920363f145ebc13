"""Data migrations keep what a club already has: the database is built as it was before the
migration (Django's MigrationExecutor), filled, migrated forward, and read back."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

# Each test migrates the schema back and forth: outside the test's transaction.
pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_EVENT_DIRECTORS = [("matches", "0008_event_directors")]
BEFORE_STAGE_ROWS = [("matches", "0011_stages")]
STAGE_ROWS = [("matches", "0012_existing_events_one_stage")]
EVENT_DIRECTORS = [("matches", "0009_chief_directors_existing_events")]


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
    executor.migrate(executor.loader.graph.leaf_nodes())


def add_event(apps, name, created_by=None, history=True):
    """Add an event as it was before events had directors, with the history row its
    creation left (by ``created_by``; None: made by a script), unless ``history`` is off."""
    Event = apps.get_model("matches", "Event")
    event = Event.objects.create(name=name, date=datetime.date(2026, 11, 1), vp_scale="wbf-2013")
    if history:
        HistoricalEvent = apps.get_model("matches", "HistoricalEvent")
        kept = {field.attname for field in HistoricalEvent._meta.concrete_fields}
        fields = {
            field.attname: getattr(event, field.attname)
            for field in Event._meta.concrete_fields
            if field.name != "id" and field.attname in kept
        }
        HistoricalEvent.objects.create(
            id=event.pk,
            history_date=timezone.now(),
            history_type="+",
            history_user=created_by,
            **fields,
        )
    return event


def add_user(apps, username, *groups):
    Group = apps.get_model("auth", "Group")
    user = apps.get_model("auth", "User").objects.create(username=username)
    for name in groups:
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


def directors(apps, event) -> set[str]:
    rows = apps.get_model("matches", "EventDirector").objects.filter(event_id=event.pk)
    return {row.user.username for row in rows}


def test_each_existing_event_is_directed_by_its_creator_else_by_every_director(migrator):
    old = migrator(BEFORE_EVENT_DIRECTORS)
    alice = add_user(old, "alice", "Directors")
    add_user(old, "bob", "Directors")
    add_user(old, "player")  # not a director: directs nothing
    carol = add_user(old, "carol")  # made an event, then left the Directors group
    by_alice = add_event(old, "Club teams", created_by=alice)
    by_carol = add_event(old, "Spring pairs", created_by=carol)
    by_script = add_event(old, "Imported", created_by=None)
    without_history = add_event(old, "Before history", history=False)

    new = migrator(EVENT_DIRECTORS)

    assert directors(new, by_alice) == {"alice"}
    assert directors(new, by_carol) == {"carol"}
    assert directors(new, by_script) == {"alice", "bob"}
    assert directors(new, without_history) == {"alice", "bob"}
    assert new.get_model("auth", "Group").objects.filter(name="Chief directors").exists()

    back = migrator(BEFORE_EVENT_DIRECTORS)  # and back again: the group goes
    assert not back.get_model("auth", "Group").objects.filter(name="Chief directors").exists()


# -- 0012: every event made before stages becomes one round-robin stage ------------------


def add_event_before_stages(apps, name, **settings):
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
    club = add_event_before_stages(old, "Club teams")
    congress = add_event_before_stages(
        old,
        "Congress",
        vp_scale="printed-25",
        boards_per_match=20,
        boards_per_segment=10,
        bye_vp=Decimal("18"),
    )
    swiss = add_event_before_stages(
        old, "Already staged"
    )  # made once stages existed: stage 1 is a Swiss
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
    event = add_event_before_stages(old, "Club teams")
    migrator(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from matches.models import Event
    from matches.presenters.event_tables import EventTables

    tables = EventTables(Event.objects.get(pk=event.pk))
    (stage,) = tables.stages
    assert stage.pk is not None and stage.is_round_robin and stage.is_first
    assert stage.matches_here().count() == 1 and stage.byes_here().count() == 1


# -- 0014 and 0015: every event has its stage 1, and every first-stage row names it -------

BEFORE_FIRST_STAGE_ROWS = [("matches", "0013_vp_penalty_stage")]
FIRST_STAGE_ROWS = [("matches", "0015_stage_required")]


def test_every_first_stage_match_bye_and_penalty_gets_its_stage_and_stage_1_is_made(migrator):
    old = migrator(BEFORE_FIRST_STAGE_ROWS)
    # Made after 0012 without ever opening its stages page: no Stage row at all.
    bare = add_event_before_stages(old, "No stage row", vp_scale="printed-25", bye_vp=Decimal(18))
    staged = add_event_before_stages(old, "Two stages")
    Stage = old.get_model("matches", "Stage")
    first = Stage.objects.create(event_id=staged.pk, number=1, kind="swiss")
    second = Stage.objects.create(event_id=staged.pk, number=2, kind="knockout")
    Team, Match = old.get_model("matches", "Team"), old.get_model("matches", "Match")
    a, b = Team.objects.filter(event_id=staged.pk)[:2]
    Match.objects.create(event_id=staged.pk, stage=second, round=1, home=a, away=b)
    VpPenalty = old.get_model("matches", "VpPenalty")
    late = Team.objects.filter(event_id=bare.pk).first()
    VpPenalty.objects.create(event_id=bare.pk, team=late, vp=Decimal(1), reason="late")

    new = migrator(FIRST_STAGE_ROWS)

    Stage = new.get_model("matches", "Stage")
    made = Stage.objects.get(event_id=bare.pk)
    assert (made.number, made.kind, made.vp_scale) == (1, "round-robin", "printed-25")
    assert made.bye_vp == 18
    for name in ("Match", "Bye", "VpPenalty"):
        rows = new.get_model("matches", name).objects.all()
        assert not rows.filter(stage=None).exists()
        assert {r.stage_id for r in rows.filter(event_id=bare.pk)} == {made.pk}
    Match = new.get_model("matches", "Match")
    assert Match.objects.get(event_id=staged.pk, round=1, stage__number=1).stage_id == first.pk
    assert Match.objects.get(event_id=staged.pk, stage__number=2).stage_id == second.pk
    assert Stage.objects.filter(event_id=staged.pk).count() == 2  # no second stage 1

    back = migrator(BEFORE_FIRST_STAGE_ROWS)  # and back: the first stage's rows empty again
    assert back.get_model("matches", "Match").objects.filter(stage=None).count() == 2
    assert back.get_model("matches", "Match").objects.count() == 3


def test_a_rounds_table_links_made_before_the_event_tables_keep_working_after_migrating(
    migrator,
):
    from django.test import Client

    from matches import actions
    from matches.models import Room, TableEntry
    from tests.factories import make_event, make_match

    match = make_match(make_event(boards_per_match=2, boards_per_segment=2))
    opened = {t.room: t.token for t in actions.open_tables(match.stage, round_number=1, user=None)}
    migrator([("matches", "0026_corrections_period")])
    migrator(MigrationExecutor(connection).loader.graph.leaf_nodes())
    phone = Client()
    assert phone.get(f"/t/{opened['open']}/").status_code == 200
    answer = phone.post(
        f"/t/{opened['open']}/enter/",
        {"board": 1, "side": "NS", "key": "m1", "contract": "3NT", "declarer": "N", "result": "="},
        HTTP_ACCEPT="application/json",
    )
    assert answer.status_code == 200 and TableEntry.objects.filter(key="m1").exists()
    assert Room.objects.get(token=opened["open"]).place is None  # a round's own card


BEFORE_DEALS_BY_STAGE = [("matches", "0031_event_tables")]
DEALS_BY_STAGE = [("matches", "0032_deals_by_stage")]


def test_deals_stored_by_event_round_go_to_the_first_stage_playing_that_round(migrator):
    """A Swiss's round 1 and a knockout's round 1 shared the deals stored for "round 1":
    they become the Swiss's (stage 1, which played round 1 first), not copied to the
    knockout; a round only the knockout plays gives its deals to the knockout; deals of a
    round no stage has reached yet go to stage 1. A publication of hand records alike."""
    old = migrator(BEFORE_DEALS_BY_STAGE)
    event = old.get_model("matches", "Event").objects.create(
        name="Swiss then knockout",
        date=datetime.date(2026, 11, 1),
        vp_scale="wbf-2013",
        boards_per_match=16,
        boards_per_segment=16,
    )
    Stage, Match = old.get_model("matches", "Stage"), old.get_model("matches", "Match")
    first = Stage.objects.create(event_id=event.pk, number=1, kind="swiss")
    second = Stage.objects.create(event_id=event.pk, number=2, kind="knockout")
    Team = old.get_model("matches", "Team")
    a, b = (Team.objects.create(event_id=event.pk, name=name) for name in ("A", "B"))
    Match.objects.create(event_id=event.pk, stage=first, round=1, home=a, away=b)
    Match.objects.create(event_id=event.pk, stage=second, round=1, home=a, away=b)
    Match.objects.create(event_id=event.pk, stage=second, round=2, home=a, away=b)
    Deal = old.get_model("matches", "Deal")
    for round_number in (1, 2, 5):
        Deal.objects.create(event_id=event.pk, round=round_number, board=1, pbn="N:…", analysis={})
    old.get_model("matches", "HandsRelease").objects.create(event_id=event.pk, round=1)

    new = migrator(DEALS_BY_STAGE)

    Deal = new.get_model("matches", "Deal")
    by_round = {deal.round: deal.stage_id for deal in Deal.objects.filter(event_id=event.pk)}
    assert by_round == {1: first.pk, 2: second.pk, 5: first.pk}
    release = new.get_model("matches", "HandsRelease").objects.get(event_id=event.pk)
    assert (release.stage_id, release.round) == (first.pk, 1)
