"""Stages: setting one up, starting it, the Swiss draw, late entries and withdrawals,
knockout rounds and the director's decisions on ties.

Every function here is an action (see the package docstring): one transaction, the
event's row locked first, history naming the director, the event's revision bumped last.
The rules themselves live in the scoring core (``matches.scoring.swiss``,
``matches.scoring.knockout``, ``matches.scoring.standings``).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import NamedTuple

from django.db.models import Max, Q
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.choices import CarryOverChoice, StageKind, VPScaleChoice
from matches.models import (
    Board,
    Bye,
    DrawSwap,
    DrawTable,
    Match,
    MatchStatus,
    Result,
    Stage,
    StageEntry,
    Team,
    TieDecision,
)
from matches.models.matches import is_official
from matches.scoring import knockout, swiss

from .base import ActionError, changing
from .text import text_errors

MAX_BOARDS = 200
KIND_FIXED = _("This stage has matches already: its format cannot change.")
NOT_NEXT = _("Add the stages in order: the next one is stage %(next)s.")
FEW_TEAMS = _("A stage needs at least two teams; this one would have %(count)s.")
ENTRANTS = _("The previous stage has %(count)s teams: at most %(count)s can go through.")
PREVIOUS_OPEN = _(
    "Matches of the previous stage are not final yet (%(count)s): mark them final first, "
    "so that its standings are settled."
)
STARTED = _("This stage has started already.")
NOT_STARTED = _("Start the stage first: its teams are not set yet.")
NOT_SWISS = _("Only a Swiss stage is drawn round by round.")
NOT_KNOCKOUT = _("Only a knockout stage has knockout rounds.")
ALL_ROUNDS = _("All %(rounds)s rounds of this stage have been drawn.")
ROUND_UNFINISHED = _(
    "Round %(round)s is still being played: its results rank the teams for this draw. "
    "Wait until every match of it is complete (or marked final), or make the stage a "
    "delayed Swiss."
)
NO_DRAFT = _("There is no draw waiting to be published: make the draw first.")
NOT_IN_DRAW = _("%(team)s is not in this draw.")
SAME_TEAM = _("Choose two different teams.")
NO_REASON = _("Give a reason; the stage's history keeps it.")
NOT_ENTERED = _("%(team)s is not in this stage.")
ALREADY_ENTERED = _("%(team)s is in this stage already.")
WITHDRAWN = _("%(team)s has withdrawn already.")
NOT_TIED = _("This match has a winner: there is no tie to decide.")
NOT_FINAL = _("Mark the match final first; its result decides the tie.")
NOT_PLAYING = _("The winner must be one of the two teams of the match.")
NOTHING_NEXT = _(
    "No match is ready: each match of the next round needs both of its teams, from matches "
    "marked final (a tie needs the director's decision first)."
)
NEXT_PLAYED = _(
    "The next round's match %(home)s – %(away)s has results already: its teams cannot "
    "change. Reopen it and delete its results first, or keep this match's winner."
)
REDRAWN = _("Teams changed: an earlier match's winner changed after it was reopened.")
SEEDED = _("The first round of this stage is made (or drawn): its seeding can no longer change.")
ORDER = _("Choose the teams of the tie in the order decided, each once.")
SEEDING = _("List each team once, in seeding order; only teams that may enter this stage.")
FRACTION = _("Write a share from 0 to 1, such as 1/3 or 0.5.")
TENTHS = _("Write IMPs in tenths, 0 or more, such as 0.1 or 7.5.")
BOARDS = _("A match has 1 to %(most)s boards.")
SEGMENT = _("A segment has 1 to %(most)s boards.")
SCALE_BOARDS = _(
    "The printed 25-VP scale covers matches of 12, 16 or 20 boards, not %(boards)s; "
    "choose the WBF 2013 scale."
)
ROUNDS = _("A Swiss stage plays 1 to 99 rounds.")
TIE_BREAKS = _("Choose each tie-break at most once.")

STAGE_SETTINGS = (
    "name", "kind", "rounds", "entrants", "carry_vp", "vp_scale", "boards_per_match",
    "boards_per_segment", "bye_vp", "bye_average", "tie_breaks", "delayed", "repeats_after",
    "seed", "carry_over", "carry_amount", "carry_fraction", "carry_cap",
)  # fmt: skip


def _fail(message, field=None, **params):
    return ActionError(message, field=field, code=field or "stage", params=params)


def stage_errors(values: dict) -> list[ActionError]:
    """Return what is wrong with these stage settings, each error naming its field."""
    errors = []
    for message in text_errors(values.get("name", ""), most=80):
        errors.append(_fail(message, "name"))
    if values.get("kind") not in StageKind.values:
        errors.append(_fail(_("Choose a format."), "kind"))
    boards = values.get("boards_per_match") or 16
    if not 1 <= boards <= MAX_BOARDS:
        errors.append(_fail(BOARDS, "boards_per_match", most=MAX_BOARDS))
    if not 1 <= (values.get("boards_per_segment") or 16) <= MAX_BOARDS:
        errors.append(_fail(SEGMENT, "boards_per_segment", most=MAX_BOARDS))
    scale = values.get("vp_scale") or VPScaleChoice.WBF_2013
    ranked = values.get("kind") != StageKind.KNOCKOUT  # scored by the WBF scale: see below
    if ranked and scale == VPScaleChoice.PRINTED_25 and boards not in scoring.PRINTED_25_BOARDS:
        errors.append(_fail(SCALE_BOARDS, "vp_scale", boards=boards))
    rounds = values.get("rounds")
    if values.get("kind") == StageKind.SWISS and rounds is not None and not 1 <= rounds <= 99:
        errors.append(_fail(ROUNDS, "rounds"))
    rules = values.get("tie_breaks") or []
    if len(set(rules)) != len(rules):
        errors.append(_fail(TIE_BREAKS, "tie_breaks"))
    try:
        fraction = Fraction(str(values.get("carry_fraction") or "0"))
        if not 0 <= fraction <= 1:
            raise ValueError
    except (ValueError, ZeroDivisionError):
        errors.append(_fail(FRACTION, "carry_fraction"))
    for field in ("carry_amount", "carry_cap"):
        amount = values.get(field)
        if amount is None:
            continue
        try:
            amount = Decimal(amount)
            ok = amount >= 0 and amount == amount.quantize(Decimal("0.1"))
        except (InvalidOperation, TypeError):
            ok = False
        if not ok or (field == "carry_cap" and amount == 0):
            errors.append(_fail(TENTHS, field))
    return errors


def configure_stage(event, *, user, number: int, **values) -> Stage:
    """Return stage ``number`` of the event with these settings, made if it is the next.

    Stage 1 plays by the event's boards, segments and VP scale; its own settings are the
    format, tie-breaks and Swiss options. A stage's format cannot change once it has
    matches. Raise ActionError for settings the rules refuse (``stage_errors``).
    """
    values = {key: value for key, value in values.items() if key in STAGE_SETTINGS}
    if "tie_breaks" in values and not isinstance(values["tie_breaks"], str):
        values["tie_breaks"] = list(values["tie_breaks"])
    with changing(user) as change:
        event = change.lock_event(event)
        stages = {stage.number: stage for stage in event.stages.all()}
        if not stages and number > 1:
            stages[1] = change.save(_first_stage(event))
        stage = stages.get(number)
        if stage is None:
            if number != max(stages, default=0) + 1:
                raise _fail(NOT_NEXT, "number", next=max(stages, default=0) + 1)
            stage = Stage(event=event, number=number)
            if number == 1:
                stage = _first_stage(event)
            else:
                for field in ("vp_scale", "boards_per_match", "boards_per_segment"):
                    setattr(stage, field, getattr(event, field))
        stage.event = event
        merged = {field: getattr(stage, field) for field in STAGE_SETTINGS}
        merged["tie_breaks"] = [rule for rule in merged["tie_breaks"].split(",") if rule]
        merged.update(values)
        if merged["kind"] == StageKind.KNOCKOUT and stage.number > 1:
            # A knockout counts IMPs only: its matches' VP (never shown) use the WBF scale,
            # which covers any number of boards.
            merged["vp_scale"] = VPScaleChoice.WBF_2013
        errors = stage_errors(merged)
        if errors:
            raise errors[0]
        if stage.pk and merged["kind"] != stage.kind and _has_matches(stage):
            raise _fail(KIND_FIXED, "kind")
        merged["tie_breaks"] = ",".join(scoring.tie_breaks(merged["tie_breaks"]))
        merged["carry_fraction"] = str(Fraction(str(merged["carry_fraction"] or "0")))
        for field, value in merged.items():
            setattr(stage, field, value)
        return change.save(stage)


def _first_stage(event) -> Stage:
    return Stage(
        event=event,
        number=1,
        kind=StageKind.ROUND_ROBIN,
        vp_scale=event.vp_scale,
        boards_per_match=event.boards_per_match,
        boards_per_segment=event.boards_per_segment,
        bye_vp=event.bye_vp,
    )


def _has_matches(stage) -> bool:
    return stage.matches_here().exists() or stage.byes_here().exists()


def _locked_stage(change, stage) -> Stage:
    stage_id = stage if isinstance(stage, int) else stage.pk
    event_id = Stage.objects.filter(pk=stage_id).values_list("event_id", flat=True).first()
    if event_id is None:
        from .base import Gone

        raise Gone
    event = change.lock_event(event_id)
    stage = Stage.objects.get(pk=stage_id)
    stage.event = event
    return stage


def _entries(stage) -> list[StageEntry]:
    return list(stage.entries.select_related("team").order_by("seed"))


def _standings_of(stage):
    from matches import tables

    return tables.standings(stage.event, stage=stage)


def stage_candidates(stage) -> list[Team]:
    """Return the teams that enter the stage when it starts, in their default seeding.

    Stage 1: every team of the event, in the order they were entered. A later stage: the
    previous stage's standings (a knockout's: the winners of its last round), all of
    them or the top ``entrants``. Raise ActionError while the previous stage is open.
    """
    event = stage.event
    if stage.number == 1:
        return list(event.teams.order_by("pk"))
    previous = event.stages.get(number=stage.number - 1)
    previous.event = event
    open_matches = previous.matches_here().exclude(status=MatchStatus.FINAL).count()
    if open_matches:
        raise _fail(PREVIOUS_OPEN, count=open_matches)
    if previous.is_knockout:
        teams = [m.knockout_winner() for m in _last_round(previous)]
        teams = [team for team in teams if team is not None]
    else:
        teams = [row.team for row in _standings_of(previous)]
        entries = {e.team_id for e in previous.entries.all()}
        if entries:
            teams = [team for team in teams if team.pk in entries]
    if stage.entrants:
        if stage.entrants > len(teams):
            raise _fail(ENTRANTS, "entrants", count=len(teams))
        teams = teams[: stage.entrants]
    return teams


def start_stage(stage, *, user, order=None) -> list[Match]:
    """Return the first matches of the stage, after seeding its teams.

    Stage 1's teams are every team of the event, seeded by ``order`` (team ids; default:
    the order they were entered). A later stage takes the previous stage's standings:
    all its teams, or the top ``entrants``, in that order, unless ``order`` reorders them.
    A round robin gets its whole Berger schedule; a knockout its first round (byes to the
    top seeds, carry-over per the stage's setting); a Swiss stage is drawn round by round.
    """
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        if stage.entries.exists() or _has_matches(stage):
            raise _fail(STARTED)
        teams = stage_candidates(stage)
        if order:  # the director's seeding; it may leave teams out (they enter late)
            by_id = {team.pk: team for team in teams}
            order = [_id(team) for team in order]
            if len(set(order)) != len(order) or not set(order) <= set(by_id):
                raise _fail(SEEDING, "order")
            teams = [by_id[team_id] for team_id in order]
        if len(teams) < 2:
            raise _fail(FEW_TEAMS, count=len(teams))
        for seed, team in enumerate(teams, start=1):
            change.save(StageEntry(stage=stage, team=team, seed=seed))
        if stage.is_round_robin:
            return _round_robin(change, stage, teams)
        if stage.is_knockout:
            return _knockout_round(change, stage, 1)
        return []


def reseed_stage(stage, *, order, user) -> list[StageEntry]:
    """Return the stage's entries in the seeding order the director set (team ids, or
    teams, first seed first, each entry once).

    Allowed until the stage's first round is made: a Swiss stage between its start and
    its first draw (a round robin or knockout is seeded as it starts: ``start_stage``'s
    ``order``). Each entry whose seed moves keeps a history row naming the director.
    """
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        entries = {entry.team_id: entry for entry in _entries(stage)}
        if not entries:
            raise _fail(NOT_STARTED)
        if _has_matches(stage) or stage.draft.exists():
            raise _fail(SEEDED)
        order = [_id(team) for team in order]
        if sorted(order) != sorted(entries):
            raise _fail(SEEDING, "order")
        for seed, team_id in enumerate(order, start=1):
            entry = entries[team_id]
            if entry.seed != seed:
                entry.seed = seed
                change.save(entry, update_fields=["seed"])
        return [entries[team_id] for team_id in order]


def _new_match(change, stage, round_number, home, away, **fields) -> Match:
    match = change.save(
        Match(
            event=stage.event,
            stage=stage.stage_value(),
            round=round_number,
            home=home,
            away=away,
            pending_boards=stage.settings.boards_per_match,
            **fields,
        )
    )
    Board.objects.bulk_create(
        [Board(match=match, number=n) for n in range(1, stage.settings.boards_per_match + 1)],
        ignore_conflicts=True,
    )
    return match


def _round_robin(change, stage, teams) -> list[Match]:
    if not scoring.schedule.MIN_TEAMS <= len(teams) <= scoring.schedule.MAX_TEAMS:
        raise _fail(_("A round robin needs 3 to 64 teams."))
    made = []
    for number, pairings in enumerate(scoring.berger_schedule(len(teams)), start=1):
        for home, away in pairings:
            if away is None:
                change.save(Bye(event=stage.event, stage=stage.stage_value(), round=number,
                                team=teams[home - 1]))  # fmt: skip
            else:
                made.append(_new_match(change, stage, number, teams[home - 1], teams[away - 1]))
    return made


# -- Swiss ------------------------------------------------------------------------------


def _published_rounds(stage) -> int:
    rounds = [
        stage.matches_here().aggregate(last=Max("round"))["last"] or 0,
        stage.byes_here().aggregate(last=Max("round"))["last"] or 0,
    ]
    return max(rounds)


def swiss_ranking(stage, next_round: int) -> list[Team]:
    """Return the teams playing ``next_round`` in the order that ranks them for its draw.

    Round 1: by seed, or at random from the stage's seed when it has one. Later rounds:
    the standings after the previous round (two rounds back for a delayed Swiss), teams
    that joined late placed by their VP like the others.
    """
    from matches import tables

    entries = _entries(stage)
    playing = [entry.team for entry in entries if entry.plays_in(next_round)]
    ranked_by = swiss.ranking_round(next_round, stage.delayed)
    if ranked_by == 0:
        if stage.seed is not None:
            return swiss.random_order(playing, stage.seed)
        return playing
    data = tables.event_data(stage.event, stage)
    data["outcomes"] = [o for o in data["outcomes"] if o.round <= ranked_by]
    data["byes"] = [b for b in data["byes"] if b.round <= ranked_by]
    order = [row.team.pk for row in tables.standings(stage.event, data)]
    position = {team_id: index for index, team_id in enumerate(order)}
    return sorted(playing, key=lambda team: position.get(team.pk, len(position)))


def draw_next_round(stage, *, user) -> list[DrawTable]:
    """Return the draft draw of the stage's next round (replacing any draft of it).

    The draw follows ``scoring.swiss.pair``; the director sees it with the reason for each
    table that is not a straight top-down pairing, may swap teams, then publishes it.
    """
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        if not stage.is_swiss:
            raise _fail(NOT_SWISS)
        if not stage.entries.exists():
            raise _fail(NOT_STARTED)
        next_round = _published_rounds(stage) + 1
        if stage.rounds and next_round > stage.rounds:
            raise _fail(ALL_ROUNDS, rounds=stage.rounds)
        ranked_by = swiss.ranking_round(next_round, stage.delayed)
        if ranked_by >= 1:  # its matches must all count in the official standings
            rows = stage.matches_here().filter(round=ranked_by).outcome_rows()
            if not all(is_official(row) for row in rows):
                raise _fail(ROUND_UNFINISHED, round=ranked_by)
        ranking = swiss_ranking(stage, next_round)
        if len(ranking) < 2:
            raise _fail(FEW_TEAMS, count=len(ranking))
        meetings = stage.matches_here().values_list("home_id", "away_id", "round")
        met = swiss.met_pairs(meetings, next_round, stage.repeats_after)
        had_bye = set(stage.byes_here().values_list("team_id", flat=True))
        draw = swiss.pair([team.pk for team in ranking], met, had_bye)
        stage.draft.all().delete()
        teams = {team.pk: team for team in ranking}
        rows = []
        for number, (home, away) in enumerate(draw.tables, start=1):
            note = draw.notes.get(number)
            reasons = [{"team": s.team, "why": s.why.value} for s in note.skipped] if note else []
            rows.append(
                DrawTable(
                    stage=stage, round=next_round, table=number, home=teams[home],
                    away=teams[away], reasons=reasons, repeat=bool(note and note.repeat),
                )
            )  # fmt: skip
        if draw.bye is not None:
            reasons = [{"team": s.team, "why": s.why.value} for s in draw.bye_skipped]
            rows.append(
                DrawTable(
                    stage=stage, round=next_round, table=len(draw.tables) + 1,
                    home=teams[draw.bye], away=None, reasons=reasons,
                )
            )  # fmt: skip
        return DrawTable.objects.bulk_create(rows)


def swap_in_draw(stage, *, first, second, reason: str, user) -> DrawSwap:
    """Swap two teams' places in the draft draw; the swap and its reason are kept."""
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        draft = list(stage.draft.select_related("home", "away"))
        if not draft:
            raise _fail(NO_DRAFT)
        first_id, second_id = _id(first), _id(second)
        if first_id == second_id:
            raise _fail(SAME_TEAM, "second")
        errors = text_errors(reason, required=True, most=200)
        if errors:
            raise _fail(NO_REASON if not reason.strip() else errors[0], "reason")
        places = {}
        for row in draft:
            for side in ("home", "away"):
                team_id = getattr(row, f"{side}_id")
                if team_id is not None:
                    places[team_id] = (row, side)
        for field, team_id in (("first", first_id), ("second", second_id)):
            if team_id not in places:
                team = Team.objects.filter(pk=team_id).first()
                raise _fail(NOT_IN_DRAW, field, team=team.name if team else team_id)
        (row_a, side_a), (row_b, side_b) = places[first_id], places[second_id]
        team_a, team_b = getattr(row_a, side_a), getattr(row_b, side_b)
        setattr(row_a, side_a, team_b)
        setattr(row_b, side_b, team_a)
        for row in {row_a.pk: row_a, row_b.pk: row_b}.values():
            row.reasons = []
            row.repeat = (
                row.away_id is not None
                and stage.matches_here()
                .filter(
                    Q(home_id=row.home_id, away_id=row.away_id)
                    | Q(home_id=row.away_id, away_id=row.home_id)
                )
                .exists()
            )
            change.save(row)
        swap = DrawSwap(
            stage=stage, round=draft[0].round, first=team_a, second=team_b,
            reason=reason.strip(), created_by=user,
        )  # fmt: skip
        return change.save(swap)


def publish_draw(stage, *, user) -> list[Match]:
    """Return the matches of the draft draw, now published (and the bye, if any)."""
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        draft = list(stage.draft.select_related("home", "away"))
        if not draft:
            raise _fail(NO_DRAFT)
        made = []
        for row in draft:
            if row.away_id is None:
                change.save(Bye(event=stage.event, stage=stage.stage_value(), round=row.round,
                                team=row.home))  # fmt: skip
            else:
                made.append(_new_match(change, stage, row.round, row.home, row.away))
        stage.draft.all().delete()
        return made


def withdraw_team(stage, *, team, user) -> StageEntry:
    """Withdraw a team from the rounds not yet drawn; its results so far stand."""
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        entry = stage.entries.select_related("team").filter(team_id=_id(team)).first()
        if entry is None:
            raise _fail(NOT_ENTERED, "team", team=_name(team))
        if entry.withdrawn_after is not None:
            raise _fail(WITHDRAWN, "team", team=entry.team.name)
        entry.withdrawn_after = _published_rounds(stage)
        stage.draft.all().delete()  # a draft with the team in it is drawn again
        return change.save(entry)


def enter_late(stage, *, team, user) -> StageEntry:
    """Enter a team of the event into the stage from its next round (last seed)."""
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        team = stage.event.teams.get(pk=_id(team))
        entry = stage.entries.filter(team=team).first()
        if entry is not None and entry.withdrawn_after is None:
            raise _fail(ALREADY_ENTERED, "team", team=team.name)
        next_round = _published_rounds(stage) + 1
        if entry is None:
            last = stage.entries.aggregate(last=Max("seed"))["last"] or 0
            entry = StageEntry(stage=stage, team=team, seed=last + 1)
        entry.joined_round, entry.withdrawn_after = next_round, None
        stage.draft.all().delete()
        return change.save(entry)


# -- Knockout ---------------------------------------------------------------------------


def _last_round(stage) -> list[Match]:
    last = stage.matches_here().aggregate(last=Max("round"))["last"]
    rows = stage.matches_here().filter(round=last).select_related("home", "away", "decided_winner")
    return list(rows.order_by("bracket_position"))


def knockout_bracket(stage) -> tuple[list, dict]:
    """Return (the bracket's rounds, {(round, position): match}) as decided so far.

    A match's winner counts once the match is final (or the director decided its tie).
    """
    seeds = [entry.team for entry in _entries(stage)]
    matches = {
        (m.round, m.bracket_position): m
        for m in stage.matches_here().select_related("home", "away", "decided_winner")
    }
    if len(seeds) < 2:
        return [], matches
    # Round by round, a winner counts only where the match still has the teams the bracket
    # gives its place: a match reopened (its winner unknown or changed) leaves the later
    # places it feeds open, whatever was played there.
    winners = {}
    for number in sorted({key[0] for key in matches}):
        slots = knockout.bracket(seeds, winners)[number - 1]
        for slot in slots:
            match = matches.get((number, slot.position))
            if match is None or not match.is_final:
                continue
            if (match.home_id, match.away_id) != (_id_or_none(slot.home), _id_or_none(slot.away)):
                continue
            winner = match.knockout_winner()
            if winner is not None:
                winners[(number, slot.position)] = winner
    return knockout.bracket(seeds, winners), matches


def _id_or_none(team) -> int | None:
    return None if team is None else team.pk


def _knockout_round(change, stage, round_number: int) -> list[Match]:
    rounds, matches = knockout_bracket(stage)
    made = []
    for slot in rounds[round_number - 1] if round_number <= len(rounds) else []:
        if slot.bye or slot.home is None or slot.away is None:
            continue
        existing = matches.get((slot.round, slot.position))
        if existing is not None:
            if (existing.home_id, existing.away_id) != (slot.home.pk, slot.away.pk):
                made.append(_redraw(change, stage, existing, slot.home, slot.away))
            continue
        carry_home, carry_away = _carry_over(stage, slot.home, slot.away)
        made.append(
            _new_match(
                change, stage, slot.round, slot.home, slot.away,
                bracket_position=slot.position, carry_home=carry_home, carry_away=carry_away,
            )
        )  # fmt: skip
    return made


def _redraw(change, stage, match, home, away) -> Match:
    """Return the knockout match with the teams the bracket now gives it.

    An earlier match was reopened and its winner changed; this match can follow only
    while it has no results.
    """
    if Result.objects.filter(board__match=match).exists():
        raise _fail(NEXT_PLAYED, home=match.home.name, away=match.away.name)
    match.home, match.away = home, away
    match.carry_home, match.carry_away = _carry_over(stage, home, away)
    match.decided_winner, match.decided_reason = None, ""
    match._change_reason = str(REDRAWN)
    return change.save(match)


class Advance(NamedTuple):
    """What marking a knockout match final did: the matches made, and whether it is a tie
    that waits for the director's decision."""

    made: list[Match]
    tie: bool = False


def advance_knockout(change, match) -> Advance:
    """Return the knockout matches made now that ``match`` is final (or its tie decided).

    Called inside ``mark_final`` and ``decide_knockout_tie``, in their transaction: every
    place of the bracket whose two teams are now known gets its match (the next round's
    match as soon as both matches feeding it are decided). Other formats: nothing.
    """
    if match.stage_id is not None:
        stage = Stage.objects.get(pk=match.stage_id)
    else:
        stage = Stage.objects.filter(event_id=match.event_id, number=1).first()
    if stage is None or not stage.is_knockout:
        return Advance([])
    stage.event = change.lock_event(match.event_id)
    rounds, _matches = knockout_bracket(stage)
    made = []
    for number in range(2, len(rounds) + 1):
        made += _knockout_round(change, stage, number)
    return Advance(made, tie=match.knockout_winner() is None)


def _carry_over(stage, home, away) -> tuple[Decimal, Decimal]:
    """Return the carry-over (home, away); the home team is the higher-placed one."""
    rule = stage.carry_over_rule()
    if rule.method == CarryOverChoice.NONE:
        return Decimal(0), Decimal(0)
    vp_difference, head_to_head = Decimal(0), 0
    previous = Stage.objects.filter(event=stage.event, number=stage.number - 1).first()
    if previous is not None and not previous.is_knockout:
        previous.event = stage.event
        vp = {row.team.pk: row.standing.vp for row in _standings_of(previous)}
        vp_difference = max(vp.get(home.pk, 0) - vp.get(away.pk, 0), Decimal(0))
        for row in (
            previous.matches_here()
            .filter(Q(home=home, away=away) | Q(home=away, away=home))
            .values("home_id", "home_margin", "away_margin")
        ):
            head_to_head += row["home_margin"] if row["home_id"] == home.pk else row["away_margin"]
    return knockout.carry_over(rule, vp_difference=vp_difference, head_to_head_imps=head_to_head)


def next_knockout_round(stage, *, user) -> list[Match]:
    """Return the knockout matches made for every place whose two teams are now known."""
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        if not stage.is_knockout:
            raise _fail(NOT_KNOCKOUT)
        if not stage.entries.exists():
            raise _fail(NOT_STARTED)
        rounds, _matches = knockout_bracket(stage)
        made = []
        for number in range(2, len(rounds) + 1):
            made += _knockout_round(change, stage, number)
        if not made:
            raise _fail(NOTHING_NEXT)
        return made


def decide_knockout_tie(match, *, winner, reason: str, user) -> Match:
    """Record the director's decision on a knockout match that ended level."""
    with changing(user) as change:
        match = change.lock_match(match, final_ok=True)
        if not match.is_final:
            raise _fail(NOT_FINAL, "winner")
        tie = knockout.match_winner(match.home_imps, match.away_imps, match.carry) is None
        if not tie:
            raise _fail(NOT_TIED, "winner")
        if _id(winner) not in (match.home_id, match.away_id):
            raise _fail(NOT_PLAYING, "winner")
        if not reason or not reason.strip():
            raise _fail(NO_REASON, "reason")
        errors = text_errors(reason, required=True, most=200)
        if errors:
            raise _fail(errors[0], "reason")
        match.decided_winner_id = _id(winner)
        match.decided_reason = reason.strip()
        change.save(match, update_fields=["decided_winner", "decided_reason"])
        match.advance = advance_knockout(change, match)
        return match


def decide_tie(stage, *, order, reason: str, user) -> TieDecision:
    """Record the order the director decided for teams level after every tie-break."""
    with changing(user) as change:
        stage = _locked_stage(change, stage)
        order = [_id(team) for team in order]
        teams = set(stage.event.teams.values_list("pk", flat=True))
        if not order or len(set(order)) != len(order) or not set(order) <= teams:
            raise _fail(ORDER, "order")
        errors = text_errors(reason, required=True, most=200)
        if errors:
            raise _fail(NO_REASON if not reason.strip() else errors[0], "reason")
        # Decisions add up: a later one orders teams the earlier ones left level.
        stage.tie_order = [t for t in stage.tie_order or [] if t not in order] + order
        change.save(stage, update_fields=["tie_order"])
        decision = TieDecision(stage=stage, order=order, reason=reason.strip(), created_by=user)
        return change.save(decision)


def _id(obj) -> int:
    return obj if isinstance(obj, int) else obj.pk


def _name(team) -> str:
    return team.name if hasattr(team, "name") else str(team)
