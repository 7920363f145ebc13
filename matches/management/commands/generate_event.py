"""Build a big event with random but valid results in both rooms of every board.

    manage.py generate_event --teams 64 --rounds 15 --boards 16 --seed 1
    manage.py generate_event --teams 6 --rounds 5 --boards 3 --method bam

For benchmarks and for trying the pages with a large event. The same seed gives the same
results. Every match of a round plays the same deals, as in a real event: each deal has
a side that owns it, a strain and the tricks that side can take there, and each table
bids and plays it a little differently (part-scores, games and slams, some overbid and
doubled, the odd sacrifice, now and then a passed-out board). Everything is written
through the actions (matches/actions): the results in bulk (``load_results``), each
match's totals stored once at the end.
"""

from __future__ import annotations

import datetime
import random
import time
from dataclasses import dataclass

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from matches import actions
from matches.choices import Listing, RoomChoice, VPScaleChoice
from matches.management.options import add_method_arguments, method_settings
from matches.models import Board, Event, Result
from matches.scoring import berger_schedule, round_count
from matches.scoring.cards import RANKS

CITIES = (
    "北京 上海 广州 深圳 天津 重庆 成都 杭州 武汉 西安 南京 长沙 郑州 青岛 沈阳 大连 "
    "厦门 福州 济南 合肥 昆明 贵阳 南宁 海口 太原 石家庄 呼和浩特 哈尔滨 长春 兰州 西宁 银川 "
    "乌鲁木齐 拉萨 南昌 苏州 宁波 无锡 温州 佛山 东莞 珠海 汕头 烟台 洛阳 桂林 三亚 扬州"
).split()
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉建国志红晨宇浩然子涵"

SIDES = {"NS": ("N", "S"), "EW": ("E", "W")}
STRAINS = ("C", "D", "H", "S", "NT")
# Tricks the owning side can take in its best strain, and how often (a deal, not a table).
DEAL_TRICKS = ((6, 3), (7, 14), (8, 20), (9, 20), (10, 20), (11, 10), (12, 9), (13, 4))
DEAL_STRAINS = (("NT", 25), ("S", 22), ("H", 22), ("D", 15), ("C", 16))
# How many tricks a table takes compared with the deal's: mostly the par number.
PLAY_NOISE = ((-2, 4), (-1, 18), (0, 56), (1, 18), (2, 4))
GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}


@dataclass(frozen=True, slots=True)
class Deal:
    side: str  # "NS" or "EW": the side the cards belong to
    strain: str
    tricks: int  # what that side can take in that strain


@dataclass(frozen=True, slots=True)
class Generated:
    event: Event
    matches: int
    boards: int
    results: int
    seconds: float


def _pick(rng: random.Random, weighted):
    values, weights = zip(*weighted, strict=True)
    return rng.choices(values, weights)[0]


def random_deal(rng: random.Random) -> Deal:
    """Return a random deal: the side that makes most tricks, in which strain, how many."""
    return Deal(rng.choice(("NS", "EW")), _pick(rng, DEAL_STRAINS), _pick(rng, DEAL_TRICKS))


def _level(tricks: int, strain: str, rng: random.Random) -> int:
    """Return the level a table bids with ``tricks`` available in ``strain``."""
    game = GAME_LEVEL[strain]
    if tricks >= 13 and rng.random() < 0.45:
        return 7
    if tricks >= 12 and rng.random() < 0.75:
        return 6
    if tricks == 11 and rng.random() < 0.06:
        return 6  # a slam that needs a finesse too many
    if tricks >= game + 6 or (tricks == game + 5 and rng.random() < 0.3):
        return game
    level = min(tricks - 6, game - 1) - (rng.random() < 0.25)
    if rng.random() < 0.1:
        level += 1  # pushed up in the auction
    return min(max(level, 1), 7)


def table_result(deal: Deal, rng: random.Random) -> dict:
    """Return one room's result on the deal, as Result fields."""
    if deal.tricks <= 7 and rng.random() < 0.12:
        return {"level": 0, "strain": "", "doubling": "", "declarer": "", "tricks": None}
    side, strain, tricks = deal.side, deal.strain, deal.tricks
    if rng.random() < 0.12:  # a different strain, usually a little worse
        strain = rng.choice([s for s in STRAINS if s != deal.strain])
        tricks -= rng.choice((0, 1, 1, 2))
    level = _level(tricks, strain, rng)
    doubling = ""
    if level >= GAME_LEVEL[strain] and rng.random() < 0.06:
        # The other side sacrifices one level higher and is doubled.
        side = "EW" if side == "NS" else "NS"
        strain = rng.choice([s for s in STRAINS if s not in (strain, "NT")])
        level = min(level + 1, 7)
        tricks = level + 6 - rng.choice((1, 2, 2, 3))  # down one to three, as a rule
        doubling = "X"
    elif level + 6 > tricks and rng.random() < 0.35:
        doubling = "X"  # an overbid, punished
    elif rng.random() < 0.02:
        doubling = "X"  # a double that goes wrong
    if doubling and rng.random() < 0.08:
        doubling = "XX"
    taken = min(max(tricks + _pick(rng, PLAY_NOISE), 0), 13)
    lead = f"{rng.choice('SHDC')}{rng.choice(RANKS)}" if rng.random() < 0.9 else ""
    return {
        "level": level,
        "strain": strain,
        "doubling": doubling,
        "declarer": rng.choice(SIDES[side]),
        "tricks": taken,
        "lead": lead,
    }


def _team_names(count: int) -> list[str]:
    cities = len(CITIES)
    return [f"{CITIES[i % cities]}{'' if i < cities else i // cities + 1}队" for i in range(count)]


def _player_name(rng: random.Random) -> str:
    return rng.choice(SURNAMES) + "".join(rng.choices(GIVEN, k=rng.choice((1, 2, 2))))


@transaction.atomic
def generate_event(
    *,
    teams: int = 64,
    rounds: int = 15,
    boards: int = 16,
    seed: int = 1,
    name: str | None = None,
    vp_scale: str = VPScaleChoice.WBF_2013,
    boards_per_segment: int | None = None,
    played: int | None = None,
    scoring: dict | None = None,
    user=None,
) -> Generated:
    """Return a new event of ``teams`` teams, the first ``rounds`` rounds of a Berger round
    robin made, ``boards`` boards a match; both rooms of every board are entered in the
    first ``played`` rounds (all of them by default). ``scoring``: stage 1's method and
    its settings (``method="board-a-match"``, ``board_scale="2"`` …; IMPs → VP when None).
    Written through the actions."""
    started = time.perf_counter()
    berger_schedule(teams)  # checks the number of teams (3 to 64)
    if not 1 <= rounds <= round_count(teams):
        raise ValueError(f"{teams} teams play 1 to {round_count(teams)} rounds, not {rounds}")
    played = rounds if played is None else played
    if not 0 <= played <= rounds:
        raise ValueError(f"0 to {rounds} rounds can be played, not {played}")
    rng = random.Random(seed)
    try:
        event = actions.create_event(
            name=name
            or f"Generated: {teams} teams, {rounds} rounds, {boards} boards (seed {seed})",
            date=datetime.date.today(),
            vp_scale=vp_scale,
            boards_per_match=boards,
            boards_per_segment=boards_per_segment or boards,
            listing=Listing.UNLISTED,  # a practice event: reached by its link only
            user=user,
        )
        for team_name in _team_names(teams):
            actions.add_team(
                event,
                name=team_name,
                captain=_player_name(rng),
                players=[_player_name(rng) for _ in range(rng.choice((4, 4, 5, 6)))],
                user=user,
            )
        if scoring:
            actions.configure_stage(event, user=user, number=1, kind="round-robin", **scoring)
        matches = actions.make_round_robin(event, rounds=rounds, user=user)
    except actions.ActionError as error:
        raise ValueError(str(error)) from None

    deals = {
        (number, board): random_deal(rng)
        for number in range(1, played + 1)
        for board in range(1, boards + 1)
    }
    rounds_of = {match.pk: match.round for match in matches}
    board_rows = Board.objects.filter(match__event=event, match__round__lte=played)
    results = [
        Result(board_id=board_id, room=room, version=1, **table_result(deals[key], rng))
        for board_id, match_id, number in board_rows.order_by("match_id", "number").values_list(
            "pk", "match_id", "number"
        )
        for key in [(rounds_of[match_id], number)]
        for room in (RoomChoice.OPEN, RoomChoice.CLOSED)
    ]
    actions.load_results(event, results, user=user)
    return Generated(
        event=event,
        matches=len(matches),
        boards=len(results) // 2,
        results=len(results),
        seconds=time.perf_counter() - started,
    )


class Command(BaseCommand):
    help = (
        "Create an event with random but valid results in both rooms of every board "
        "(the first ROUNDS rounds of a Berger round robin), for benchmarks and trying the pages."
    )

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=64, help="3 to 64 (default 64)")
        parser.add_argument("--rounds", type=int, default=15, help="rounds played (default 15)")
        parser.add_argument("--boards", type=int, default=16, help="boards a match (default 16)")
        parser.add_argument("--segment", type=int, help="boards a segment (default: all)")
        parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
        parser.add_argument("--played", type=int, help="rounds with results (default: all of them)")
        parser.add_argument("--name", help="the event's name")
        parser.add_argument(
            "--vp-scale", choices=VPScaleChoice.values, default=VPScaleChoice.WBF_2013
        )
        add_method_arguments(parser)

    def handle(
        self, *args, teams, rounds, boards, segment, seed, name, vp_scale, played, **options
    ):
        try:
            made = generate_event(
                played=played,
                teams=teams,
                rounds=rounds,
                boards=boards,
                seed=seed,
                name=name,
                vp_scale=vp_scale,
                boards_per_segment=segment,
                scoring=method_settings(options),
            )
        except (TypeError, ValueError) as error:
            raise CommandError(error) from None
        self.stdout.write(
            f"Event {made.event.pk}: {made.event.name}\n"
            f"  {teams} teams, {made.matches:,} matches, {made.boards:,} boards, "
            f"{made.results:,} results in {made.seconds:.2f} s\n"
            f"  {made.event.get_absolute_url()}"
        )
