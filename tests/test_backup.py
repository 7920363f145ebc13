"""Backup and restore: an event exported to JSON and imported again is the same event."""

import io
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import RequestFactory
from django.urls import reverse
from jsonschema import Draft202012Validator

from matches import actions
from matches.feeds import events as feeds
from matches.interchange import backup, deal_files
from matches.interchange.backup import files as backup_files
from matches.interchange.backup import schema as backup_schema
from matches.management.commands.generate_event import generate_event
from matches.models import (
    Board,
    BoardAdjustment,
    Bye,
    Deal,
    Event,
    ImpPenalty,
    Match,
    Player,
    Result,
    Seating,
    Team,
    VpPenalty,
)
from matches.models.stages import first_stage
from matches.scoring import Contract
from tests.dds_cache import analysed_once  # noqa: F401 (a fixture)
from tests.factories import enter, make_event, make_team, make_user

pytestmark = pytest.mark.django_db

TABLES = (
    Event,
    Team,
    Player,
    Bye,
    VpPenalty,
    Match,
    ImpPenalty,
    Seating,
    Board,
    BoardAdjustment,
    Result,
    Result.history.model,
    Match.history.model,
    BoardAdjustment.history.model,
)


@pytest.fixture
def event(director):
    """Return a five-team event, two rounds of it played, with a bit of everything."""
    event = make_event(
        name="春季队式赛 Spring teams",
        boards_per_match=4,
        boards_per_segment=2,
        bye_vp=Decimal("11.50"),
        average_plus=2,
        average_minus=-2,
    )
    a, b, c, d, e = (
        make_team(event, name, players=("王伟", "李娜", "张敏", "刘强"))
        for name in ("北京队", "上海队", "Canton", "Dalian", "Everest")
    )
    actions.change_team(a, captain="王伟", user=director)
    m1, m2, m3, m4 = (
        actions.add_match(event, round=r, home=h, away=w, user=director)
        for r, h, w in ((1, a, b), (1, c, d), (2, e, a), (2, b, c))
    )
    # Byes for the two teams without a match in a round (made by hand, not a schedule).
    actions.add_bye(event, round=1, team=e, user=director)
    actions.add_bye(event, round=2, team=d, user=director)

    # Match 1: both rooms, a passed-out board, a doubled contract, leads, a pending board.
    enter(m1, 1, "open", "4H", "N", "=", lead="SQ", user=director)
    enter(m1, 1, "closed", "4H", "N", "-1", lead="S10", user=director)
    enter(m1, 2, "open", "PASS", user=director)
    enter(m1, 2, "closed", "1NT", "S", "+1", lead="H4")
    enter(m1, 3, "open", "4SX", "E", "-2", lead="DA", user=director)
    enter(m1, 3, "closed", "4S", "E", "=", lead="DA", user=director)
    enter(m1, 3, "closed", "4S", "E", "+1", lead="DA", user=director)  # a correction
    enter(m1, 4, "open", "3NT", "N", "=", user=director)  # the closed room is still playing
    actions.add_imp_penalty(m1, team=b, imps=2, reason="慢打 Slow play", user=director)
    players = {team.pk: list(team.players.all()) for team in (a, b)}
    for segment in (1, 2):
        seats = {}
        for room, (ns, ew), pair in (
            ("open", (a, b), slice(0, 2)),
            ("closed", (b, a), slice(2, 4)),
        ):
            for seat, player in zip(
                "NSEW", players[ns.pk][pair] + players[ew.pk][pair], strict=True
            ):
                seats[(room, seat)] = player
        actions.set_seating(m1, segment, seats, user=director)
    actions.mark_final(m1, confirm=True, user=director)
    actions.reopen_match(m1, reason="Board 3 corrected", user=director)
    actions.mark_final(m1, confirm=True, user=director)

    # Match 2: an artificial adjusted score (given, taken away, given again) and an
    # assigned one.
    for number in (1, 2, 3, 4):
        enter(m2, number, "open", "2H", "W", "=", user=director)
        enter(m2, number, "closed", "3H", "W", "-1", user=director)
    board = Board.objects.get(match=m2, number=2)
    actions.set_artificial_score(
        board, home_imps=2, away_imps=-2, reason="Fouled board", user=director
    )
    actions.clear_artificial_score(board, user=director)
    actions.set_artificial_score(
        board, home_imps=2, away_imps=0, reason="Fouled board, North's fault", user=director
    )
    actions.assign_result(
        Board.objects.get(match=m2, number=3),
        "closed",
        {"contract": Contract.parse("3NT"), "declarer": "S", "tricks": 9},
        reason="Revoke",
        user=director,
    )

    # Match 3: a forfeit. Match 4: one board played so far.
    actions.set_forfeit(
        m3,
        home_vp=Decimal("12"),
        away_vp=Decimal("0"),
        reason="Everest did not come",
        user=director,
    )
    enter(m4, 1, "open", "6NT", "S", "=", lead="CK")
    enter(m4, 1, "closed", "6NTXX", "S", "-1")
    actions.add_vp_penalty(event, team=c, vp=Decimal("1.50"), reason="Late start", user=director)
    return event


def without_ids(value, team_names):
    """Return a feed with its database ids and URLs taken out, team ids named."""
    if isinstance(value, dict):
        return {
            key: team_names[item]
            if key == "team" and isinstance(item, int)
            else without_ids(item, team_names)
            for key, item in value.items()
            if key not in ("id", "url")
        }
    if isinstance(value, list):
        return [without_ids(item, team_names) for item in value]
    return value


def what_players_see(event):
    """Return the standings feed and every match's scorecard feed, ids taken out."""
    request = RequestFactory().get("/")
    event = Event.objects.get(pk=event.pk)
    names = {team.pk: team.name for team in event.teams.all()}
    return {
        "standings": without_ids(feeds.standings(event, request), names),
        "scorecards": [
            without_ids(feeds.scorecard(match, request), names)
            for match in event.matches.with_teams().order_by("round", "home__name")
        ],
    }


RESULT = (
    "level",
    "strain",
    "doubling",
    "declarer",
    "lead",
    "tricks",
    "version",
    "assigned_reason",
    "entered_by__username",
    "entered_at",
)
MATCH = (
    "round",
    "status",
    "status_reason",
    "forfeit_home_vp",
    "forfeit_away_vp",
    "forfeit_reason",
    "created",
)
ADJUSTMENT = ("board__number", "home_imps", "away_imps", "reason", "created")
HISTORY = ("history_type", "history_date", "history_user__username", "history_change_reason")


def named(row, names, *keys):
    """Return a row with the team ids under ``keys`` replaced by the teams' names."""
    return {key: names[value] if key in keys else value for key, value in row.items()}


def what_directors_see(event):
    """Return every result, the history of every board and match, and the penalties."""
    names = {team.pk: team.name for team in event.teams.all()}
    boards = Board.objects.filter(match__event=event)
    in_order = ("board__match__round", "board__match__home__name", "board__number", "room")
    return {
        "results": list(
            Result.objects.filter(board__in=boards).order_by(*in_order).values(*RESULT)
        ),
        "result_history": [
            named(row, names, "board__match__home_id")
            for row in Result.history.filter(board__in=boards)
            .order_by("history_date", "history_id")
            .values(*HISTORY, *RESULT, "board__match__home_id", "board__number", "room")
        ],
        "adjustment_history": list(
            BoardAdjustment.history.filter(board__in=boards)
            .order_by("history_date", "history_id")
            .values(*HISTORY, *ADJUSTMENT)
        ),
        "match_history": [
            named(row, names, "home_id", "away_id")
            for row in Match.history.filter(event=event)
            .order_by("history_date", "history_id")
            .values(*HISTORY, *MATCH, "home_id", "away_id")
        ],
        "penalties": [
            list(ImpPenalty.objects.filter(match__event=event).values_list("created", "reason")),
            list(event.vp_penalties.values_list("created", "reason", "created_by__username")),
        ],
    }


IDS = (
    (re.compile(r"(/events/|/matches/|/teams/)\d+"), r"\1#"),
    (re.compile(r'(data-\w+)="\d+"'), r'\1="#"'),
    (re.compile(r'name="csrfmiddlewaretoken" value="\w+"'), 'name="csrfmiddlewaretoken"'),
    (re.compile(r'data-etag="[^"]*"'), 'data-etag="#"'),  # the event's revision: a new event
)


def public_pages(client, event):
    """Return the text of the event's public pages, with database ids and tokens blanked."""
    urls = [reverse("event", args=[event.pk]), reverse("cross-table", args=[event.pk])]
    urls += [reverse("team", args=[event.pk, team.pk]) for team in event.teams.order_by("name")]
    urls += [reverse("round", args=[event.pk, number]) for number in (1, 2)]
    urls += [
        reverse("scorecard", args=[match.pk])
        for match in event.matches.order_by("round", "home__name")
    ]
    pages = []
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.text
        for pattern, replacement in IDS:
            text = pattern.sub(replacement, text)
        pages.append(text)
    return pages


def empty_the_tables():
    """Delete every event and every history row, as on a new server."""
    Match.objects.all().delete()  # first: a match's teams are protected (on_delete=PROTECT)
    Event.objects.all().delete()
    for model in apps.get_app_config("matches").get_models():
        if model.__name__.startswith("Historical"):
            model.objects.all().delete()
    assert not any(model.objects.exists() for model in TABLES)


def counts():
    return {model.__name__: model.objects.count() for model in TABLES}


def test_an_event_exported_and_imported_into_empty_tables_shows_players_the_same(event):
    seen, document = what_players_see(event), backup.export_event(event)
    assert seen["standings"]["byes"]
    assert any(row["vp_penalties"] for row in seen["standings"]["standings"])
    assert any(card["totals"]["imp_penalties"] for card in seen["scorecards"])
    assert any(card["forfeit"] for card in seen["scorecards"])
    empty_the_tables()
    restored = backup.import_event(backup.loads(backup.dumps(document)))
    assert restored.pk != event.pk
    assert what_players_see(restored) == seen


def test_its_public_pages_read_the_same_after_the_restore_seating_and_captains_too(event, english):
    seen, document = public_pages(english, event), backup.export_event(event)
    assert "Fouled board, North&#x27;s fault" in seen[-1] + seen[-2] + seen[-3] + seen[-4]
    assert any("李娜" in page for page in seen)  # who sat where
    empty_the_tables()
    restored = backup.import_event(document)
    assert public_pages(english, restored) == seen


def test_the_change_history_and_who_entered_what_come_back_too(event):
    seen, document = what_directors_see(event), backup.export_event(event)
    assert len(seen["result_history"]) > len(seen["results"])  # corrections, assignments
    assert [row["history_type"] for row in seen["adjustment_history"]] == ["+", "-", "+"]
    empty_the_tables()
    restored = backup.import_event(backup.loads(backup.dumps(document)))
    assert what_directors_see(restored) == seen


def test_a_generated_event_with_random_results_comes_back_the_same():
    made = generate_event(teams=7, rounds=4, boards=6, seed=5, boards_per_segment=3)
    seen = what_players_see(made.event)
    document = backup.export_event(made.event)
    empty_the_tables()
    restored = backup.import_event(document)
    assert Result.objects.count() == made.results
    assert what_players_see(restored) == seen


def test_the_document_names_things_by_local_keys_and_leaves_out_the_stored_totals(event):
    document = backup.export_event(event)
    assert (document["format"], document["format_version"]) == ("scoresheet-event", 1)
    assert document["event"]["bye_vp"] == "11.50" and document["event"]["average_plus"] == 2
    teams = {team["key"]: team for team in document["teams"]}
    assert teams["t1"]["name"] == "北京队" and teams["t1"]["captain"] == "王伟"
    assert [p["key"] for p in teams["t1"]["players"]] == ["p1", "p2", "p3", "p4"]
    assert document["byes"] == [
        {"round": 1, "team": "t5", "stage": None},  # the first stage
        {"round": 2, "team": "t4", "stage": None},
    ]
    assert document["vp_penalties"][0] | {"created": None} == {
        "team": "t3",
        "vp": "1.50",
        "reason": "Late start",
        "stage": None,
        "created_by": "td",
        "created": None,
    }  # stage None: the first stage
    first = document["matches"][0]
    assert (first["key"], first["round"], first["home"], first["away"]) == ("m1", 1, "t1", "t2")
    assert first["status"] == "final" and first["imp_penalties"][0]["team"] == "t2"
    assert first["seatings"][0] == {"segment": 1, "room": "open", "seat": "N", "player": "p1"}
    assert not {"home_imps", "home_vp", "complete_boards", "id", "pk"} & set(first)
    boards = {board["number"]: board for board in first["boards"]}
    assert boards[1]["open"] | {"entered_at": None} == {
        "contract": "4H",
        "declarer": "N",
        "lead": "SQ",
        "tricks": 10,
        "assigned_reason": "",
        "version": 1,
        "entered_by": "td",
        "entered_at": None,
    }
    assert boards[1]["closed"]["lead"] == "S10"  # as stored
    assert (boards[2]["open"]["contract"], boards[2]["open"]["tricks"]) == ("PASS", None)
    assert boards[2]["closed"]["entered_by"] is None
    assert boards[3]["open"]["contract"] == "4SX" and boards[3]["closed"]["version"] == 2
    assert "closed" not in boards[4]
    second = document["matches"][1]["boards"]
    assert second[1]["adjusted"]["home_imps"] == 2 and second[1]["adjusted"]["away_imps"] == 0
    assert second[2]["closed"]["assigned_reason"] == "Revoke"
    assert document["matches"][2]["forfeit_home_vp"] == "12.00"


def test_the_file_is_utf8_json_indented_by_one_with_chinese_as_it_is(event, tmp_path):
    path = tmp_path / "event.json"
    call_command("export_event", str(event.pk), output=str(path), stdout=io.StringIO())
    text = path.read_text(encoding="utf-8")
    assert "北京队" in text and "\\u" not in text
    assert text.startswith('{\n "format": "scoresheet-event",\n "format_version": 1,')
    assert json.loads(text) == json.loads(backup.dumps(backup.export_event(event))) | {
        "exported_at": json.loads(text)["exported_at"]
    }


def test_the_commands_export_to_a_file_and_import_it_as_a_new_event(event, tmp_path):
    path = tmp_path / "backup.json"
    out = io.StringIO()
    call_command("export_event", str(event.pk), "--output", str(path), stdout=out)
    assert f"Event {event.pk}: 春季队式赛 Spring teams" in out.getvalue()
    assert f"5 teams, 4 matches, 17 results written to {path}" in out.getvalue()
    seen = what_players_see(event)
    empty_the_tables()

    out = io.StringIO()
    call_command("import_event", str(path), stdout=out)
    restored = Event.objects.get()
    assert out.getvalue().splitlines() == [
        f"Event {restored.pk}: 春季队式赛 Spring teams",
        "  5 teams, 4 matches",
        f"  /events/{restored.pk}/",
    ]
    assert what_players_see(restored) == seen


def test_without_output_the_document_goes_to_standard_output(event):
    out = io.StringIO()
    call_command("export_event", str(event.pk), stdout=out)
    assert json.loads(out.getvalue())["event"]["name"] == "春季队式赛 Spring teams"


def test_an_event_that_does_not_exist_is_not_exported(db):
    with pytest.raises(CommandError, match="There is no event 999."):
        call_command("export_event", "999", stdout=io.StringIO())


def test_importing_the_same_file_twice_makes_two_events(event):
    document = backup.export_event(event)
    first, second = backup.import_event(document), backup.import_event(document)
    assert len({event.pk, first.pk, second.pk}) == 3
    assert Event.objects.filter(name=event.name).count() == 3
    assert what_players_see(first)["standings"] == what_players_see(second)["standings"]


def test_the_tables_settings_come_back_and_an_older_document_reads_them_as_off(event):
    actions.change_event(event, table_lead=True, table_each_board=True, user=None)
    document = backup.export_event(Event.objects.get(pk=event.pk))
    copy = backup.import_event(document)
    assert (copy.table_lead, copy.table_each_board) == (True, True)
    for name in ("table_lead", "table_each_board"):
        del document["event"][name]
    older = backup.import_event(document)
    assert (older.table_lead, older.table_each_board) == (False, False)


def test_a_username_this_server_does_not_have_is_left_empty(event):
    seen, document = what_players_see(event), backup.export_event(event)
    empty_the_tables()
    User.objects.filter(username="td").delete()
    make_user("someone else")
    restored = backup.import_event(document)
    results = Result.objects.filter(board__match__event=restored)
    assert results.count() == 17 and not results.filter(entered_by__isnull=False).exists()
    assert not Result.history.filter(history_user__isnull=False).exists()
    assert restored.vp_penalties.get().created_by is None
    assert what_players_see(restored) == seen


def test_a_username_this_server_has_is_linked_to_that_user(event):
    document = backup.export_event(event)
    restored = backup.import_event(document)
    director = User.objects.get(username="td")
    result = Result.objects.get(
        board__match__event=restored,
        board__match__home__name="北京队",
        board__number=1,
        room="open",
    )
    assert result.entered_by == director
    assert BoardAdjustment.objects.get(board__match__event=restored).created_by == director


def first_result(document):
    return document["matches"][0]["boards"][0]["open"]


def set_tricks(document, tricks):
    first_result(document)["tricks"] = tricks


REFUSALS = {
    "a format version this app does not read": (
        lambda d: d.update(format_version=2),
        "format version 2 is not one this server reads (it reads version 1)",
    ),
    "no format at all": (
        lambda d: d.pop("format"),
        "this is not an event export: its \"format\" should be 'scoresheet-event' (it has none)",
    ),
    "no list of matches": (
        lambda d: d.pop("matches"),
        "the document: the key 'matches' is missing",
    ),
    "a missing key": (
        lambda d: d["teams"][1].pop("name"),
        "team t2: the key 'name' is missing",
    ),
    "a contract the scoring core rejects": (
        lambda d: first_result(d).update(contract="8S"),
        "match m1, board 1, open room, 'contract': \"8S\" is not a contract: level must be 1 to 7",
    ),
    "a lead that is no card": (
        lambda d: first_result(d).update(lead="SZ"),
        "match m1, board 1, open room, 'lead': a card is a suit and a rank",
    ),
    "a team key nobody has": (
        lambda d: d["matches"][3].update(away="t9"),
        "match m4, 'away': no team has the key \"t9\"",
    ),
    "a result the database refuses: 14 tricks": (
        lambda d: set_tricks(d, 14),
        "match m1, board 1, open room: the database refused it: ",
    ),
    "a result the database refuses: a passed-out board with a declarer": (
        lambda d: d["matches"][0]["boards"][1]["open"].update(declarer="N"),
        "match m1, board 2, open room: the database refused it: ",
    ),
    "a board the database refuses: the same number twice": (
        lambda d: d["matches"][1]["boards"][3].update(number=1),
        "match m2, board 1: the database refused it: ",
    ),
    # The shape (the schema), said in the same words.
    "an object that is no object": (
        lambda d: d["matches"][0]["boards"][0].update(open=5),
        "match m1, board 1, open room: should be an object, not 5",
    ),
    "a whole number written as 10.0": (
        lambda d: set_tricks(d, 10.0),
        "match m1, board 1, open room, 'tricks': should be a whole number, not 10.0",
    ),
    "a negative number of tricks": (
        lambda d: set_tricks(d, -1),
        "match m1, board 1, open room, 'tricks': should be 0 to 32767, not -1",
    ),
    "a declarer who is no seat": (
        lambda d: first_result(d).update(declarer="X"),
        "match m1, board 1, open room, 'declarer': should be one of '', 'N', 'E', 'S', 'W', "
        'not "X"',
    ),
    "a reason left empty": (
        lambda d: d["vp_penalties"][0].update(reason=" "),
        "vp_penalties[0], 'reason': should not be empty",
    ),
    "a name too long": (
        lambda d: d["teams"][0].update(name="队" * 81),
        "team t1, 'name': is longer than 80 characters",
    ),
    "a list that is null": (
        lambda d: d["matches"][0].update(imp_penalties=None),
        "match m1, 'imp_penalties': should not be null",
    ),
    "a time that is no time": (
        lambda d: d["matches"][0].update(created="yesterday"),
        "match m1, 'created': should be a time such as \"2026-11-29T14:05:00+08:00\", not "
        '"yesterday"',
    ),
    # What the document names (the importer) and the event's rules (the action).
    "a stage named by text": (
        lambda d: d["byes"][0].update(stage="2"),
        "byes[0], 'stage': should be a whole number, not \"2\"",
    ),
    "a stage the document does not have": (
        lambda d: d["matches"][0].update(stage=2),
        "match m1, 'stage': no stage has the number 2",
    ),
    "a player key nobody has": (
        lambda d: d["matches"][0]["seatings"][0].update(player="p99"),
        "match m1, seatings[0], 'player': no player has the key \"p99\"",
    ),
    "two teams with one key": (
        lambda d: d["teams"][1].update(key="t1"),
        "teams[1], 'key': another team has the key \"t1\"",
    ),
    "settings no event may have": (
        lambda d: d["event"].update(boards_per_match=0),
        "event, 'boards_per_match': ",
    ),
}


@pytest.mark.parametrize("fault", REFUSALS, ids=list(REFUSALS))
def test_a_faulty_document_is_refused_with_a_clear_message_and_nothing_written(
    event, tmp_path, fault
):
    spoil, message = REFUSALS[fault]
    document = backup.export_event(event)
    spoil(document)
    path = tmp_path / "spoilt.json"
    path.write_text(backup.dumps(document), encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path), stdout=io.StringIO())
    assert str(refusal.value).startswith(f"{path} was not imported, nothing was written: ")
    assert message in str(refusal.value)
    assert counts() == before


def test_the_schema_is_a_valid_json_schema():
    Draft202012Validator.check_schema(backup_schema.DOCUMENT)


def test_the_database_constraint_that_refused_a_result_is_named(event):
    document = backup.export_event(event)
    set_tricks(document, 14)
    with pytest.raises(backup.BackupError, match="result_tricks_0_to_13"):
        backup.import_event(document)


def test_a_truncated_file_is_refused_and_nothing_written(event, tmp_path):
    text = backup.dumps(backup.export_event(event))
    path = tmp_path / "truncated.json"
    path.write_bytes(text.encode()[: len(text) // 2])
    before = counts()
    message = re.escape("the file is not valid JSON (is it complete?)")
    with pytest.raises(CommandError, match=message):
        call_command("import_event", str(path), stdout=io.StringIO())
    assert counts() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[1, 2]", "the file is JSON but not an event export"),
        ('{"name": "北京"}'.encode("gbk"), "the file is not UTF-8 text"),  # a GBK file
        (None, "Cannot read"),
    ],
)
def test_a_file_that_is_no_export_is_refused(db, tmp_path, content, message):
    path = tmp_path / "other.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(CommandError, match=re.escape(message)):
        call_command("import_event", str(path), stdout=io.StringIO())
    assert not Event.objects.exists()


def test_a_file_nested_100000_levels_deep_is_refused_with_a_message_not_a_traceback(db, tmp_path):
    path = tmp_path / "deep.json"
    nested = "[" * 100_000 + "]" * 100_000
    path.write_text(f'{{"format": "scoresheet-event", "format_version": 1, "event": {nested}}}')
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path), stdout=io.StringIO())
    assert str(refusal.value) == (
        f"{path} was not imported, nothing was written: the file nests JSON more than 20 "
        "levels deep (an event export is far shallower): it is not an event export"
    )
    assert not Event.objects.exists()


def test_a_file_bigger_than_the_limit_is_refused_before_it_is_read(db, tmp_path, monkeypatch):
    monkeypatch.setattr(backup_files, "MAX_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format": "scoresheet-event", "padding": "x" * 1000}))
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path), stdout=io.StringIO())
    assert str(refusal.value).endswith(
        "the file is bigger than 1,000 bytes, the most an event export may be"
    )
    assert not Event.objects.exists()


# Deals: each round's hand records, with the double dummy and par stored at their import.

DATA = Path(__file__).parent / "data"


@pytest.fixture
def dealt(event, director, request):
    """Return the event with the deals of boards 1 to 4 for both its rounds, from a file."""
    request.getfixturevalue("analysed_once")  # each deal solved once in the test run
    found = deal_files.read_deals((DATA / "deals_gbk.pbn").read_bytes())
    for round_number, boards in ((1, (1, 2, 3, 4)), (2, (5, 6, 7, 8))):
        chosen = [d for d in found.deals if d.board in boards]
        analysed = [
            (board - 4 * (round_number - 1), hands, analysis)
            for board, hands, analysis in deal_files.analyse_deals(chosen)
        ]  # boards 5 to 8 of the file as round 2's boards 1 to 4: other hands
        actions.import_deals(
            first_stage(event),
            round_number,
            analysed,
            source=f"第{round_number}轮.pbn",
            user=director,
        )
    return event


DEAL_FIELDS = (
    "round",
    "board",
    "pbn",
    "analysis",
    "source",
    "imported_by__username",
    "imported_at",
)


def stored_deals(event):
    return list(Deal.objects.filter(event=event).order_by("round", "board").values(*DEAL_FIELDS))


def test_the_deals_come_back_with_their_double_dummy_par_and_who_imported_them(dealt):
    seen, deals = what_players_see(dealt), stored_deals(dealt)
    assert all(board["deal"] for card in seen["scorecards"] for board in card["boards"])
    document = backup.export_event(dealt)
    assert len(document["deals"]) == 8
    first = document["deals"][0]
    assert set(first) == {
        "stage",
        "round",
        "board",
        "pbn",
        "double_dummy",
        "par",
        "source",
        "imported_by",
        "imported_at",
    }
    assert first["stage"] == 1
    assert first["pbn"].startswith("N:AQ7654.92.Q52.J9 ")  # North first, whatever the file
    empty_the_tables()
    restored = backup.import_event(backup.loads(backup.dumps(document)))
    assert what_players_see(restored) == seen  # hands, double dummy and par on every board
    assert stored_deals(restored) == deals
    assert Deal.history.filter(history_type="+").count() == 8


def test_a_document_without_deals_restores_with_none(event):
    document = backup.export_event(event)
    assert document["deals"] == []
    del document["deals"]  # as written before deals were kept
    restored = backup.import_event(document)
    assert not Deal.objects.filter(event=restored).exists()


def first_deal(document):
    return document["deals"][0]


def swap_a_card(document):
    """Give North East's first spade in place of North's first: a card held twice."""
    hands = first_deal(document)["pbn"][2:].split(" ")
    hands[0] = hands[1][0] + hands[0][1:]
    first_deal(document)["pbn"] = "N:" + " ".join(hands)


WHERE = "deals[0] (round 1, board 1)"
DEAL_REFUSALS = {
    "a card in two hands": (
        swap_a_card,
        f"{WHERE}, 'pbn': not a deal: ♠K is in both North's and East's hands",
    ),
    "a hand of 12 cards": (
        lambda d: first_deal(d).update(pbn=first_deal(d)["pbn"].replace("J9 ", "9 ", 1)),
        f"{WHERE}, 'pbn': not a deal: North's hand has 12 cards, not 13",
    ),
    "a deal that is no deal": (
        lambda d: first_deal(d).update(pbn="AKQ"),
        f"{WHERE}, 'pbn': not a deal: a deal starts with the first hand's seat",
    ),
    "14 tricks double dummy": (
        lambda d: first_deal(d)["double_dummy"]["N"].update(NT=14),
        f"{WHERE}, double_dummy, N, 'NT': should be 0 to 13, not 14",
    ),
    "a negative number of tricks": (
        lambda d: first_deal(d)["double_dummy"]["W"].update(C=-1),
        f"{WHERE}, double_dummy, W, 'C': should be 0 to 13, not -1",
    ),
    "tricks that are no number": (
        lambda d: first_deal(d)["double_dummy"]["E"].update(S="9"),
        f"{WHERE}, double_dummy, E, 'S': should be a whole number, not \"9\"",
    ),
    "a strain missing": (
        lambda d: first_deal(d)["double_dummy"]["S"].pop("NT"),
        f"{WHERE}, double_dummy, S: should have the keys C, D, H, S, NT, not C, D, H, S",
    ),
    "a declarer missing": (
        lambda d: first_deal(d)["double_dummy"].pop("W"),
        f"{WHERE}, double_dummy: should have the keys N, E, S, W, not N, E, S",
    ),
    "no par": (lambda d: first_deal(d).pop("par"), f"{WHERE}: the key 'par' is missing"),
    "a par score that is no score": (
        lambda d: first_deal(d)["par"].update(score=425),
        f"{WHERE}, par, 'score': a score is a multiple of 10, not 425",
    ),
    "a par contract that is no contract": (
        lambda d: first_deal(d)["par"].update(contracts=["4S by X"]),
        f'{WHERE}, par, \'contracts\': "4S by X" is not a par contract such as "4S by N"',
    ),
    "a par score without contracts": (
        lambda d: first_deal(d)["par"].update(score=420, contracts=[]),
        f"{WHERE}, par, 'contracts': a par score of 420 needs its contracts",
    ),
    "a board the event does not play": (
        lambda d: first_deal(d).update(board=5),
        "deals[0] (round 1, board 5), 'board': the stage plays boards 1 to 4",
    ),
    "a round without matches": (
        lambda d: first_deal(d).update(round=3),
        "deals[0] (round 3, board 1), 'round': stage 1 has no matches in round 3",
    ),
    "a stage the event does not have": (
        lambda d: first_deal(d).update(stage=2),
        "deals[0] (round 1, board 1), 'stage': no stage has the number 2",
    ),
    "the same board twice": (
        lambda d: d["deals"][1].update(board=1),
        "deals[1] (round 1, board 1), 'board': deals[0] is the same stage, round and board",
    ),
}


@pytest.mark.parametrize("fault", DEAL_REFUSALS, ids=list(DEAL_REFUSALS))
def test_a_faulty_deal_is_refused_saying_where_and_nothing_is_written(dealt, tmp_path, fault):
    spoil, message = DEAL_REFUSALS[fault]
    document = backup.export_event(dealt)
    spoil(document)
    path = tmp_path / "spoilt.json"
    path.write_text(backup.dumps(document), encoding="utf-8")
    before = counts(), Deal.objects.count()
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path), stdout=io.StringIO())
    assert message in str(refusal.value)
    assert (counts(), Deal.objects.count()) == before
