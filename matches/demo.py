"""The demo event that `make run` loads: two teams and a 16-board match, both rooms entered.

The open room's sixteen results are seed 000's worked examples 例一 to 例十六 (the same
boards, declarers and contracts); the closed room's are ordinary results on those boards.
"""

import datetime

from django.db import transaction

from matches import actions
from matches.choices import RoomChoice
from matches.models import Board, Event
from matches.scoring import Contract, parse_result

DEMO_EVENT = "演示队式赛 Demo teams"
HOME = ("长城队", "王建国", ["王建国", "李明", "张伟", "刘洋"])
AWAY = ("黄河队", "陈静", ["陈静", "杨帆", "赵磊", "周婷"])

# board: (open room: contract, declarer, lead, result), (closed room: …)
RESULTS = {
    1: (("2S", "S", "HK", "+1"), ("2S", "N", "DA", "=")),
    2: (("3S", "S", "CQ", "-2"), ("2S", "S", "CQ", "=")),
    3: (("3NT", "S", "S5", "="), ("3NT", "N", "H4", "=")),
    4: (("3C", "S", "DK", "-1"), ("2C", "S", "DK", "=")),
    5: (("6D", "W", "SA", "="), ("5D", "W", "SA", "=")),
    6: (("7S", "W", "H9", "="), ("6S", "W", "D2", "=")),
    7: (("5DX", "W", "CA", "-1"), ("5D", "W", "CA", "=")),
    8: (("6HX", "W", "SK", "-4"), ("5H", "W", "SK", "=")),
    9: (("1DXX", "N", "C3", "+3"), ("1NT", "N", "S6", "+1")),
    10: (("2NTXX", "N", "D7", "-2"), ("2NT", "N", "D7", "=")),
    11: (("2HXX", "N", "CJ", "+2"), ("4H", "N", "CJ", "=")),
    12: (("6NTX", "N", "HQ", "+1"), ("6NT", "N", "S10", "+1")),
    13: (("2NTX", "E", "C8", "+1"), ("3NT", "E", "C8", "=")),
    14: (("7CXX", "E", "DQ", "="), ("6C", "E", "DQ", "=")),
    15: (("4HXX", "E", "SA", "-3"), ("4H", "E", "SA", "-1")),
    16: (("7NTXX", "E", "HJ", "="), ("7NT", "E", "HJ", "=")),
}


@transaction.atomic
def load_demo(user=None, scoring: dict | None = None) -> Event:
    """Return the demo event, creating it (teams, match, seating, results) if it is missing.

    ``scoring``: the demo stage's method and its settings (``method="board-a-match"`` …;
    IMPs → VP when None), given to a demo made now; a demo already there keeps its own.
    """
    event = Event.objects.filter(name=DEMO_EVENT).first()
    if event:
        return event
    event = actions.create_event(
        name=DEMO_EVENT,
        date=datetime.date.today(),
        vp_scale="printed-25",
        boards_per_match=16,
        boards_per_segment=16,
        user=user,
    )
    if scoring:
        actions.configure_stage(event, user=user, number=1, kind="round-robin", **scoring)
    home = actions.add_team(event, name=HOME[0], captain=HOME[1], players=HOME[2], user=user)
    away = actions.add_team(event, name=AWAY[0], captain=AWAY[1], players=AWAY[2], user=user)
    home_players, away_players = list(home.players.all()), list(away.players.all())
    match = actions.add_match(event, round=1, home=home, away=away, user=user)
    # The home team sits North-South in the open room and East-West in the closed room.
    seats = {
        RoomChoice.OPEN: dict(zip("NSEW", home_players[:2] + away_players[:2], strict=True)),
        RoomChoice.CLOSED: dict(zip("NSEW", away_players[2:] + home_players[2:], strict=True)),
    }
    actions.set_seating(
        match,
        1,
        {
            (room, seat): player
            for room, by_seat in seats.items()
            for seat, player in by_seat.items()
        },
        user=user,
    )
    boards = {board.number: board for board in Board.objects.filter(match=match)}
    for number, rooms in RESULTS.items():
        for room, (contract_text, declarer, lead, result_text) in zip(
            RoomChoice, rooms, strict=True
        ):
            contract = Contract.parse(contract_text)
            entry = {
                "contract": contract,
                "declarer": declarer,
                "lead": lead.replace("10", "T"),
                "tricks": parse_result(result_text, contract),
            }
            actions.record_result(boards[number], room, entry, version=0, user=user)
    return event
