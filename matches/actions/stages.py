"""Stages: setting one up, seeding and starting it, the Swiss draw, late entries and
withdrawals, and the director's decisions on standings ties (the Swiss rounds:
``swiss_rounds.py``; knockout rounds: ``knockouts.py``).

Every function here is an action (see the package docstring): one transaction, the
event's row locked first, history naming the director, the event's revision bumped last.
The rules themselves live in the scoring core (``matches.scoring.swiss``,
``matches.scoring.knockout``, ``matches.scoring.standings``).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.utils.translation import gettext_lazy as _

from matches import queries, scoring
from matches.choices import (
    ELIMINATION_KINDS,
    CarryOverChoice,
    PattonAggregateChoice,
    ScoringMethodChoice,
    StageKind,
    VPScaleChoice,
)
from matches.models import (
    Bye,
    Match,
    MatchStatus,
    Stage,
    StageEntry,
    Team,
    TieDecision,
)
from matches.text import text_errors

from .base import ActionError, changing, pk_of
from .double_elimination import double_entrants, double_matches
from .knockout_settings import (
    BRACKET_SETTINGS,
    KNOCKOUT_SETTINGS,
    check_placing,
    fixed_refusal,
    knockout_errors,
    knockout_teams,
)
from .knockouts import knockout_round
from .stage_base import (
    ENTRANTS,
    FEW_TEAMS,
    NO_REASON,
    NOT_STARTED,
    has_matches,
    locked_stage,
    new_match,
    refusal,
)
from .stage_links import carry_over_errors
from .vp_scales import stored_table, vp_scale_errors

MAX_BOARDS = 200
KIND_FIXED = _("This stage has matches already: its format cannot change.")
NOT_NEXT = _("Add the stages in order: the next one is stage %(next)s.")
PREVIOUS_OPEN = _(
    "Matches of the previous stage are not final yet (%(count)s): mark them final first, "
    "so that its standings are settled."
)
STARTED = _("This stage has started already.")
SEEDED = _("The first round of this stage is made (or drawn): its seeding can no longer change.")
ORDER = _("Choose the teams of the tie in the order decided, each once.")
SEEDING = _("List each team once, in seeding order; only teams that may enter this stage.")
FRACTION = _("Write a share from 0 to 1, such as 1/3 or 0.5.")
TENTHS = _("Write IMPs in tenths, 0 or more, such as 0.1 or 7.5.")
BOARDS = _("A match has 1 to %(most)s boards.")
SEGMENT = _("A segment has 1 to %(most)s boards.")
ROUNDS = _("A Swiss stage plays 1 to 99 rounds.")
TIE_BREAKS = _("Choose each tie-break at most once.")
METHOD_FIXED = _("This stage has matches already: its scoring cannot change.")
RANKED_METHOD = _("A round robin or a Swiss ranks by VP, board-a-match, win/loss or Patton.")
WIN_POINTS = _("A match won scores more than 0 and at most 99 points, to hundredths.")
TIE_MARGIN = _("A tie margin is a whole number of IMPs from 0 to 99.")
STAKE = _("The aggregate scores more than 0 and at most 99 points, to hundredths.")
# The settings a match's points depend on (matches/scoring/methods.py).
METHOD_SETTINGS = (
    "method",
    "board_scale",
    "win_points",
    "tie_margin",
    "patton_stake",
    "patton_aggregate",
)

STAGE_SETTINGS = (
    "name",
    "kind",
    "rounds",
    "entrants",
    "carry_vp",
    "vp_scale",
    "vp_table",
    "boards_per_match",
    "boards_per_segment",
    "bye_vp",
    "bye_average",
    "tie_breaks",
    "delayed",
    "repeats_after",
    "seed",
    "carry_over",
    "carry_amount",
    "carry_fraction",
    "carry_fraction_lower",
    "carry_cap",
    *METHOD_SETTINGS,
    *KNOCKOUT_SETTINGS,
)


def stage_errors(values: dict) -> list[ActionError]:
    """Return what is wrong with these stage settings, each error naming its field."""
    errors = []
    for message in text_errors(values.get("name", ""), most=80):
        errors.append(refusal(message, "name"))
    if values.get("kind") not in StageKind.values:
        errors.append(refusal(_("Choose a format."), "kind"))
    boards = values.get("boards_per_match") or 16
    if not 1 <= boards <= MAX_BOARDS:
        errors.append(refusal(BOARDS, "boards_per_match", most=MAX_BOARDS))
    if not 1 <= (values.get("boards_per_segment") or 16) <= MAX_BOARDS:
        errors.append(refusal(SEGMENT, "boards_per_segment", most=MAX_BOARDS))
    scale = values.get("vp_scale") or VPScaleChoice.WBF_2013
    ranked = values.get("kind") not in ELIMINATION_KINDS  # scored by the WBF scale: see below
    if ranked:
        errors.extend(vp_scale_errors(scale, boards, values.get("vp_table")))
    rounds = values.get("rounds")
    if values.get("kind") == StageKind.SWISS and rounds is not None and not 1 <= rounds <= 99:
        errors.append(refusal(ROUNDS, "rounds"))
    rules = values.get("tie_breaks") or []
    if len(set(rules)) != len(rules):
        errors.append(refusal(TIE_BREAKS, "tie_breaks"))
    for field in ("carry_fraction", "carry_fraction_lower"):
        try:
            fraction = Fraction(str(values.get(field) or "0"))
            if not 0 <= fraction <= 1:
                raise ValueError
        except (ValueError, ZeroDivisionError):
            errors.append(refusal(FRACTION, field))
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
            errors.append(refusal(TENTHS, field))
    errors.extend(method_errors(values))
    errors.extend(knockout_errors(values))
    return errors


def _points_ok(value, *, required: bool) -> bool:
    if value is None or value == "":
        return not required
    try:
        amount = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        return False
    return amount.is_finite() and 0 < amount <= 99 and amount == amount.quantize(Decimal("0.01"))


def method_errors(values: dict) -> list[ActionError]:
    """Return what is wrong with a stage's scoring method and its settings."""
    errors = []
    method = values.get("method") or ScoringMethodChoice.IMPS_VP
    if values.get("kind") not in ELIMINATION_KINDS and method not in scoring.RANKED_METHODS:
        errors.append(refusal(RANKED_METHOD, "method"))
    if (values.get("board_scale") or "1") not in {scale.value for scale in scoring.BoardScale}:
        errors.append(refusal(_("Choose what a board is worth."), "board_scale"))
    if not _points_ok(values.get("win_points", 1), required=True):
        errors.append(refusal(WIN_POINTS, "win_points"))
    margin = values.get("tie_margin") or 0
    if isinstance(margin, bool) or not isinstance(margin, int) or not 0 <= margin <= 99:
        errors.append(refusal(TIE_MARGIN, "tie_margin"))
    if not _points_ok(values.get("patton_stake"), required=False):
        errors.append(refusal(STAKE, "patton_stake"))
    if (values.get("patton_aggregate") or "imps") not in PattonAggregateChoice.values:
        errors.append(refusal(_("Choose one of the options."), "patton_aggregate"))
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
        stage = stages.get(number)
        if stage is None:
            if number != max(stages, default=0) + 1:
                raise refusal(NOT_NEXT, "number", next=max(stages, default=0) + 1)
            stage = Stage(event=event, number=number)
            for field in ("vp_scale", "boards_per_match", "boards_per_segment"):
                setattr(stage, field, getattr(event, field))
        stage.event = event
        merged = {field: getattr(stage, field) for field in STAGE_SETTINGS}
        merged["tie_breaks"] = [rule for rule in merged["tie_breaks"].split(",") if rule]
        merged.update(values)
        if merged["kind"] in ELIMINATION_KINDS and stage.number > 1:
            # A knockout counts IMPs only: its matches' VP (never shown) use the WBF scale,
            # which covers any number of boards.
            merged["vp_scale"] = VPScaleChoice.WBF_2013
        if merged["kind"] in ELIMINATION_KINDS:
            merged["method"] = ScoringMethodChoice.IMPS
        if merged["kind"] == StageKind.DOUBLE_ELIMINATION:
            merged["carry_over"] = CarryOverChoice.NONE  # its matches carry nothing over
        elif merged["method"] == ScoringMethodChoice.IMPS and "method" not in values:
            # a knockout's before: a ranked stage starts from IMPs → VP
            merged["method"] = ScoringMethodChoice.IMPS_VP
        if merged["kind"] in ELIMINATION_KINDS or merged["vp_scale"] != VPScaleChoice.CUSTOM:
            merged["vp_table"] = []
        errors = stage_errors({**merged, "teams": knockout_teams(stage, merged["entrants"])})
        errors += carry_over_errors(merged, stages.get(number - 1), stages.get(number + 1))
        if errors:
            raise errors[0]
        if stage.pk and merged["kind"] != stage.kind and has_matches(stage):
            raise refusal(KIND_FIXED, "kind")
        if stage.pk and has_matches(stage):
            for field in METHOD_SETTINGS:
                if _differs(merged[field], getattr(stage, field)):
                    raise refusal(METHOD_FIXED, field)
            for field in BRACKET_SETTINGS:
                if merged[field] != getattr(stage, field):
                    raise fixed_refusal(field)
        merged["tie_breaks"] = ",".join(scoring.tie_breaks(merged["tie_breaks"]))
        merged["carry_fraction"] = str(Fraction(str(merged["carry_fraction"] or "0")))
        lower = merged["carry_fraction_lower"]
        merged["carry_fraction_lower"] = (
            str(Fraction(str(lower))) if lower not in (None, "") else ""
        )
        merged["vp_table"] = stored_table(merged["vp_scale"], merged["vp_table"])
        for field, value in merged.items():
            setattr(stage, field, value)
        return change.save(stage)


def _differs(new, old) -> bool:
    """Return True when a setting changes (a Decimal typed as text or int compared as one)."""
    if isinstance(old, Decimal) and new is not None:
        try:
            return Decimal(new) != old
        except (InvalidOperation, TypeError, ValueError):
            return True
    return new != old


def stage_candidates(stage) -> list[Team]:
    """Return the teams that enter the stage when it starts, in their default seeding.

    Stage 1: every team of the event, in the order they were entered. A later stage: the
    previous stage's standings (a knockout's: the winners of its last round; a double
    elimination's: its final ranking, ``double_entrants``), all of them or the top
    ``entrants``. Raise ActionError while the previous stage is open.
    """
    event = stage.event
    if stage.number == 1:
        return list(event.teams.order_by("pk"))
    previous = event.stages.get(number=stage.number - 1)
    previous.event = event
    open_matches = previous.matches_here().exclude(status=MatchStatus.FINAL).count()
    if open_matches:
        raise refusal(PREVIOUS_OPEN, count=open_matches)
    if previous.is_double_elimination:
        return double_entrants(previous, stage.entrants)
    if previous.is_knockout:
        teams = [m.knockout_winner() for m in queries.last_round(previous)]
        teams = [team for team in teams if team is not None]
    else:
        teams = [row.team for row in queries.standings(event, stage=previous)]
        entries = {e.team_id for e in previous.entries.all()}
        if entries:
            teams = [team for team in teams if team.pk in entries]
    if stage.entrants:
        if stage.entrants > len(teams):
            raise refusal(ENTRANTS, "entrants", count=len(teams))
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
        stage = locked_stage(change, stage)
        if stage.entries.exists() or has_matches(stage):
            raise refusal(STARTED)
        teams = stage_candidates(stage)
        if order:  # the director's seeding; it may leave teams out (they enter late)
            by_id = {team.pk: team for team in teams}
            order = [pk_of(team) for team in order]
            if len(set(order)) != len(order) or not set(order) <= set(by_id):
                raise refusal(SEEDING, "order")
            teams = [by_id[team_id] for team_id in order]
        if len(teams) < 2:
            raise refusal(FEW_TEAMS, count=len(teams))
        check_placing(stage, len(teams))
        for seed, team in enumerate(teams, start=1):
            change.save(StageEntry(stage=stage, team=team, seed=seed))
        if stage.is_round_robin:
            return _round_robin(change, stage, teams)
        if stage.is_double_elimination:
            return double_matches(change, stage)
        if stage.is_knockout:
            return knockout_round(change, stage, 1)
        return []


def reseed_stage(stage, *, order, user) -> list[StageEntry]:
    """Return the stage's entries in the seeding order the director set (team ids, or
    teams, first seed first, each entry once).

    Allowed until the stage's first round is made: a Swiss stage between its start and
    its first draw (a round robin or knockout is seeded as it starts: ``start_stage``'s
    ``order``). Each entry whose seed moves keeps a history row naming the director.
    """
    with changing(user) as change:
        stage = locked_stage(change, stage)
        entries = {entry.team_id: entry for entry in queries.entries(stage)}
        if not entries:
            raise refusal(NOT_STARTED)
        if has_matches(stage) or stage.draft.exists():
            raise refusal(SEEDED)
        order = [pk_of(team) for team in order]
        if sorted(order) != sorted(entries):
            raise refusal(SEEDING, "order")
        for seed, team_id in enumerate(order, start=1):
            entry = entries[team_id]
            if entry.seed != seed:
                entry.seed = seed
                change.save(entry, update_fields=["seed"])
        return [entries[team_id] for team_id in order]


def _round_robin(change, stage, teams) -> list[Match]:
    if not scoring.schedule.MIN_TEAMS <= len(teams) <= scoring.schedule.MAX_TEAMS:
        raise refusal(_("A round robin needs 3 to 64 teams."))
    made = []
    for number, pairings in enumerate(scoring.berger_schedule(len(teams)), start=1):
        for home, away in pairings:
            if away is None:
                change.save(Bye(event=stage.event, stage=stage, round=number, team=teams[home - 1]))
            else:
                made.append(new_match(change, stage, number, teams[home - 1], teams[away - 1]))
    return made


def decide_tie(stage, *, order, reason: str, user) -> TieDecision:
    """Record the order the director decided for teams level after every tie-break."""
    with changing(user) as change:
        stage = locked_stage(change, stage)
        order = [pk_of(team) for team in order]
        teams = set(stage.event.teams.values_list("pk", flat=True))
        if not order or len(set(order)) != len(order) or not set(order) <= teams:
            raise refusal(ORDER, "order")
        errors = text_errors(reason, required=True, most=200)
        if errors:
            raise refusal(NO_REASON if not reason.strip() else errors[0], "reason")
        # Decisions add up: a later one orders teams the earlier ones left level.
        stage.tie_order = [t for t in stage.tie_order or [] if t not in order] + order
        change.save(stage, update_fields=["tie_order"])
        decision = TieDecision(stage=stage, order=order, reason=reason.strip(), created_by=user)
        return change.save(decision)
