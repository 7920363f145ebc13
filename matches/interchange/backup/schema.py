"""The document's shape, as a JSON Schema: which keys each object has (and which it must
have), each value's type, range, length and choices. ``check_shape`` refuses the first
fault, saying where and why in the words the importer uses; the cross-references (a
match naming a team key that exists, stages numbered in order...) are the importer's.

A key left out may be null as well, and then takes its default (``values.Reader``),
except the lists, which may be left out (empty) but never null.
"""

from __future__ import annotations

from jsonschema import Draft202012Validator, validators

from matches.choices import (
    BoardScaleChoice,
    CarryOverChoice,
    DoubleFinalChoice,
    HandsPublicChoice,
    KnockoutDecidedByChoice,
    LevelRuleChoice,
    Listing,
    LosersByChoice,
    PattonAggregateChoice,
    PlacingChoice,
    ResultsPublicChoice,
    ScoringMethodChoice,
    SeatChoice,
    SegmentTieBreakChoice,
    StageKind,
    VPScaleChoice,
)
from matches.models import (
    BoardAdjustment,
    Deal,
    DrawSwap,
    Event,
    ImpPenalty,
    Match,
    MatchStatus,
    Player,
    Result,
    Stage,
    Team,
    TieDecision,
    VpPenalty,
)
from matches.scoring.deals import SEATS
from matches.scoring.double_dummy import STRAINS
from matches.scoring.swiss import Why

from .document import HISTORY_TYPES, ROOMS, BackupError, field_of, show
from .values import DATE, TIME, TOP, decimal_kind, place

NOT_BLANK = r"\S"
PAR_LIMIT = 7600  # 7NTXX+0 vulnerable is 2980; a par score is far below this


def obj(required: dict, optional: dict | None = None) -> dict:
    return {"type": "object", "required": list(required), "properties": required | (optional or {})}


def exactly(keys: list[str], value: dict) -> dict:
    """An object with these keys and no other, each holding such a value."""
    properties = dict.fromkeys(keys, value)
    return obj(properties) | {"additionalProperties": False}


def maybe(node: dict) -> dict:
    """The node, or null (a key that takes its default)."""
    if "enum" in node:
        return node | {"enum": [*node["enum"], None]}
    kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
    return node | {"type": [*kinds, "null"]}


def text(model=None, name: str = "") -> dict:
    node = {"type": "string"}
    if model is not None:
        field = field_of(model, name)
        node["maxLength"] = field.max_length
        if not field.blank:
            node["pattern"] = NOT_BLANK
    return node


def whole(low: int = -32768, high: int = 32767) -> dict:
    return {"type": "integer", "minimum": low, "maximum": high}


def decimal(model, name: str) -> dict:
    return {"type": ["string", "number"], "description": decimal_kind(field_of(model, name))}


def choice(values) -> dict:
    return {"enum": list(values)}


def items(node: dict) -> dict:
    return {"type": "array", "items": node}


# A director's VP table: [[lowest margin, "winner's VP", "loser's VP"], ...] (checked as a
# scale when read: matches/scoring/vp_tables.py).
VP_TABLE = items({"type": "array", "minItems": 3, "maxItems": 3})
KEY = {"type": "string", "pattern": NOT_BLANK}  # a team's, player's or match's own key
WHEN = {"type": "string", "description": TIME}
MAYBE_WHEN = maybe(WHEN)
DAY = {"type": "string", "description": DATE}
FLAG = maybe({"type": "boolean"})
COUNT = maybe(whole(0, 2_000_000_000))  # a stage's settings
USER = maybe(text())
HISTORY = obj(
    {"type": choice(HISTORY_TYPES), "date": WHEN},
    {"user": USER, "change_reason": maybe(text())},
)


def recorded(node: dict, **required: dict) -> dict:
    """The object as a history record keeps it, with the record's own keys (HISTORY)."""
    keys = [*HISTORY["required"], *required, *node["required"]]
    return obj({}) | {
        "required": keys,
        "properties": HISTORY["properties"] | required | node["properties"],
    }


RESULT = obj({"contract": text()}, {
    "declarer": maybe(choice(["", *SeatChoice.values])),
    "lead": maybe(text(Result, "lead")),
    "tricks": maybe(whole(0)),
    "assigned_reason": maybe(text(Result, "assigned_reason")),
    "version": maybe(whole(0, 2**31 - 1)),
    "entered_by": USER,
    "entered_at": MAYBE_WHEN,
})  # fmt: skip
ADJUSTMENT = obj(
    {"home_imps": whole(), "away_imps": whole(), "reason": text(BoardAdjustment, "reason")},
    {"created_by": USER, "created": MAYBE_WHEN},
)


MATCH_SETTINGS = {  # a match's, as its history records keep them too
    "status_reason": maybe(text(Match, "status_reason")),
    "forfeit_home_vp": maybe(decimal(Match, "forfeit_home_vp")),
    "forfeit_away_vp": maybe(decimal(Match, "forfeit_away_vp")),
    "forfeit_reason": maybe(text(Match, "forfeit_reason")),
    "created": MAYBE_WHEN,
}
MATCH_HISTORY = recorded(obj(
    {"round": whole(0), "status": choice(MatchStatus.values)},
    {**MATCH_SETTINGS, "home": maybe(KEY), "away": maybe(KEY)},
))  # fmt: skip
BOARD = obj({"number": whole()}, {
    "open": maybe(RESULT),
    "closed": maybe(RESULT),
    "adjusted": maybe(ADJUSTMENT),
    "history": maybe(obj({}, {
        "results": items(recorded(RESULT, room=choice(ROOMS))),
        "adjustment": items(recorded(ADJUSTMENT)),
    })),
})  # fmt: skip
MATCH = obj({"key": KEY, "round": whole(0), "home": KEY, "away": KEY}, {
    **MATCH_SETTINGS,
    "status": maybe(choice(MatchStatus.values)),
    "stage": maybe(whole()),
    "carry_home": maybe(decimal(Match, "carry_home")),
    "carry_away": maybe(decimal(Match, "carry_away")),
    "bracket_position": maybe(whole(0)),
    "bracket": maybe(text(Match, "bracket")),
    "decided_winner": maybe(KEY),
    "decided_reason": maybe(text(Match, "decided_reason")),
    "updated": MAYBE_WHEN,
    "imp_penalties": items(obj(
        {"team": KEY, "imps": whole(0), "reason": text(ImpPenalty, "reason")},
        {"created_by": USER, "created": MAYBE_WHEN},
    )),
    "seatings": items(obj({
        "segment": whole(0), "room": choice(ROOMS), "seat": choice(SeatChoice.values),
        "player": KEY,
    })),
    "boards": items(BOARD),
    "history": items(MATCH_HISTORY),
})  # fmt: skip

STAGE = obj({"number": whole(1)}, {
    "name": maybe(text(Stage, "name")),
    "kind": maybe(choice(StageKind.values)),
    "vp_scale": maybe(choice(VPScaleChoice.values)),
    "boards_per_match": COUNT,
    "boards_per_segment": COUNT,
    "bye_vp": maybe(decimal(Stage, "bye_vp")),
    "bye_average": FLAG,
    "tie_breaks": maybe(text(Stage, "tie_breaks")),
    "entrants": COUNT,
    "carry_vp": FLAG,
    "rounds": COUNT,
    "delayed": FLAG,
    "repeats_after": COUNT,
    "seed": COUNT,
    "carry_over": maybe(choice(CarryOverChoice.values)),
    "carry_amount": maybe(decimal(Stage, "carry_amount")),
    "carry_fraction": maybe(text(Stage, "carry_fraction")),
    "carry_fraction_lower": maybe(text(Stage, "carry_fraction_lower")),
    "decided_by": maybe(choice(KnockoutDecidedByChoice.values)),
    "segment_tie_break": maybe(choice(SegmentTieBreakChoice.values)),
    "patton_aggregate": maybe(choice(PattonAggregateChoice.values)),
    "vp_table": maybe(VP_TABLE),
    "carry_cap": maybe(decimal(Stage, "carry_cap")),
    "placing": maybe(choice(PlacingChoice.values)),
    "losers_by": maybe(choice(LosersByChoice.values)),
    "level_rule": maybe(choice(LevelRuleChoice.values)),
    "double_final": maybe(choice(DoubleFinalChoice.values)),
    "method": maybe(choice(ScoringMethodChoice.values)),
    "board_scale": maybe(choice(BoardScaleChoice.values)),
    "win_points": maybe(decimal(Stage, "win_points")),
    "tie_margin": maybe(whole(0, 99)),
    "patton_stake": maybe(decimal(Stage, "patton_stake")),
    "tie_order": maybe(items(KEY)),
    "entries": items(obj({"team": KEY, "seed": whole(1)}, {
        "joined_round": maybe(whole(1)), "withdrawn_after": maybe(whole(0)),
    })),
    "draft": items(obj({"round": whole(1), "table": whole(1), "home": KEY}, {
        "away": maybe(KEY),
        "repeat": FLAG,
        "reasons": maybe(items(obj({}, {"team": maybe(KEY), "why": maybe(choice(Why))}))),
    })),
    "swaps": items(obj(
        {"round": whole(1), "first": KEY, "second": KEY, "reason": text(DrawSwap, "reason")},
        {"created_by": USER, "created": MAYBE_WHEN},
    )),
    "tie_decisions": items(obj(
        {"reason": text(TieDecision, "reason")},
        {"order": maybe(items(KEY)), "created_by": USER, "created": MAYBE_WHEN},
    )),
})  # fmt: skip

DEAL = obj({
    "round": whole(1),
    "board": whole(1),
    "pbn": text(Deal, "pbn"),
    "double_dummy": exactly(
        [seat.value for seat in SEATS],
        exactly([strain.value for strain in STRAINS], whole(0, 13)),
    ),
    "par": exactly(["score", "contracts"], {}) | {"properties": {
        "score": whole(-PAR_LIMIT, PAR_LIMIT), "contracts": items(text()),
    }},
}, {
    "stage": maybe(whole()),
    "source": maybe(text(Deal, "source")), "imported_by": USER, "imported_at": MAYBE_WHEN,
})  # fmt: skip

DOCUMENT = obj({
    "event": obj({
        "name": text(Event, "name"),
        "date": DAY,
        "vp_scale": choice(VPScaleChoice.values),
        "boards_per_match": whole(),
        "boards_per_segment": whole(),
    }, {
        "vp_table": maybe(VP_TABLE),
        "bye_vp": maybe(decimal(Event, "bye_vp")),
        "average_plus": maybe(whole()),
        "average_minus": maybe(whole()),
        "table_lead": FLAG,
        "table_each_board": FLAG,
        "listing": choice(Listing.values),
        "results_public": choice(ResultsPublicChoice.values),
        "hands_public": choice(HandsPublicChoice.values),
        "corrections_minutes": maybe(whole(1, 1440)),
    }),
    "teams": items(obj({"key": KEY, "name": text(Team, "name")}, {
        "captain": maybe(text(Team, "captain")),
        "players": items(obj({"key": KEY, "name": text(Player, "name")})),
    })),
    "matches": items(MATCH),
}, {
    "stages": items(STAGE),
    "byes": items(obj({"team": KEY, "round": whole()}, {"stage": maybe(whole())})),
    "vp_penalties": items(obj(
        {"team": KEY, "vp": decimal(VpPenalty, "vp"), "reason": text(VpPenalty, "reason")},
        {"stage": maybe(whole()), "created_by": USER, "created": MAYBE_WHEN},
    )),
    "deals": items(DEAL),
})  # fmt: skip

# Whole numbers are JSON integers: neither true nor 1.0.
TYPES = Draft202012Validator.TYPE_CHECKER.redefine(
    "integer", lambda checker, value: isinstance(value, int) and not isinstance(value, bool)
)
VALIDATOR = validators.extend(Draft202012Validator, type_checker=TYPES)(DOCUMENT)
KINDS = {"string": "text", "integer": "a whole number", "number": "a number",
         "array": "a list", "object": "an object", "boolean": "true or false"}  # fmt: skip


def check_shape(document: dict) -> None:
    """Raise BackupError for the document's first fault of shape, saying where and why."""
    fault = next(VALIDATOR.iter_errors(document), None)
    if fault is not None:
        raise BackupError(refusal(fault, document))


def refusal(fault, document: dict) -> str:
    """Return the message for a fault the validator found."""
    where, key = locate(document, list(fault.absolute_path))
    schema, value, kind = fault.schema, fault.instance, fault.validator
    if kind == "type" and "object" in schema["type"] and key is not None:
        where, key = place(where, key), None  # an object is named by its place
    if kind in ("required", "additionalProperties") and schema.get("additionalProperties") is False:
        found = ", ".join(map(str, value)) or "none"
        message = f"should have the keys {', '.join(schema['required'])}, not {found}"
    elif kind == "required":
        missing = next(name for name in schema["required"] if name not in value)
        return f"{where}: the key {missing!r} is missing"
    elif value is None and kind in ("type", "enum"):
        message = "should not be null"
    elif kind == "type":
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        noun = schema.get("description") or KINDS[kinds[0]]
        message = f"should be {noun}, not {show(value)}"
    elif kind == "enum":
        choices = ", ".join(repr(str(c)) for c in schema["enum"] if c is not None)
        message = f"should be one of {choices}, not {show(value)}"
    elif kind in ("minimum", "maximum"):
        message = f"should be {schema['minimum']} to {schema['maximum']}, not {value}"
    elif kind == "maxLength":
        message = f"is longer than {schema['maxLength']} characters"
    elif kind == "pattern" and schema["pattern"] == NOT_BLANK:
        message = "should not be empty"
    else:
        message = fault.message
    return f"{where}: {message}" if key is None else str(BackupError.at(where, key, message))


def locate(document: dict, path: list) -> tuple[str, str | None]:
    """Return where the value at ``path`` is: the place of the object holding it and its
    key, or (key None) the place of the value itself: an object, or an item of a list."""
    where, value, key = TOP, document, None
    for step in path:
        item = value[step]
        if isinstance(step, int):
            where, key = place(where, key, step, item), None
        elif isinstance(item, dict):
            where, key = place(where, step), None
        else:
            key = step  # a value, or a list whose items are named with its key
        value = item
    return where, key
