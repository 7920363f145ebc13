"""The rubber bridge cross pad (十字记分): seed 000's examples and the Laws of Rubber Bridge."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import PASS, Contract, TricksError, all_contracts, duplicate_score
from matches.scoring.rubber import (
    DealError,
    EntryKind,
    Honours,
    RubberDeal,
    RubberOverError,
    RubberSide,
    rubber_pad,
)

WE, THEY = RubberSide.WE, RubberSide.THEY
GAME_FOR_US = RubberDeal(WE, "3NT", 9)
GAME_FOR_THEM = RubberDeal(THEY, "5D", 11)


def points(entries):
    return [(entry.kind, entry.points) for entry in entries]


# Seed 000, 十字记分 (the 我方 / 他方 cross pad).


def test_a_game_bid_and_made_goes_below_the_line_and_a_line_is_drawn_under_it():
    # "当你方叫到4♠并且又赢得10墩牌完成了定约时，就可以记上120分，然后再在这一分数下画一条横线"
    pad = rubber_pad([RubberDeal(WE, "4S", 10)])
    assert points(pad.below(WE)) == [(EntryKind.CONTRACT_TRICKS, 120)]
    assert pad.above(WE) == ()
    first, second = pad.games
    assert (first.number, first.winner, first.points(WE)) == (1, WE, 120)
    assert (second.number, second.winner, second.entries) == (2, None, ())


def test_overtricks_beyond_the_contract_bid_go_above_the_line_leaving_a_part_score():
    # "叫到2♠，却打成了4♠ … 只能有60分记在横线下，其余60分则要记在这条横线的上方"
    pad = rubber_pad([RubberDeal(THEY, "2S", 10)])
    assert points(pad.below(THEY)) == [(EntryKind.CONTRACT_TRICKS, 60)]
    assert points(pad.above(THEY)) == [(EntryKind.OVERTRICKS, 60)]
    (game,) = pad.games
    assert (game.winner, game.points(THEY)) == (None, 60)


def test_a_second_part_score_that_brings_the_side_to_100_makes_game():
    # "只叫2♣ … 得到了9墩牌，则在横线下方记40分（这样便凑成一局）；
    # 另外再在横线上方记入超墩应得的20分"
    pad = rubber_pad([RubberDeal(THEY, "2S", 10), RubberDeal(THEY, "2C", 9)])
    assert [entry.points for entry in pad.below(THEY)] == [60, 40]
    assert points(pad.above(THEY)) == [(EntryKind.OVERTRICKS, 60), (EntryKind.OVERTRICKS, 20)]
    assert pad.games[0].winner == THEY
    assert pad.games[0].points(THEY) == 100
    assert pad.games_won == {WE: 0, THEY: 1}


def test_a_game_by_the_other_side_cuts_off_a_part_score_which_still_counts_in_the_total():
    # "你们所得的120分便记在横线下方，并且再画一条新的横线 … 这60分要加在他们的总得分里，
    # 只不过对他们以后的成局不起任何作用"
    pad = rubber_pad([RubberDeal(THEY, "2S", 10), RubberDeal(WE, "4H", 10)])
    first, second = pad.games
    assert first.winner == WE
    assert (first.points(WE), first.points(THEY)) == (120, 60)
    assert second.entries == ()
    assert pad.totals == {WE: 120, THEY: 120}
    later = rubber_pad([*pad.deals, RubberDeal(THEY, "2C", 8)])
    assert later.games[1].points(THEY) == 40
    assert later.games_won == {WE: 1, THEY: 0}


# Rubber bonus: "在对方尚未打成一局的情况下奖700分（清Rubber）；
# 在对方已打成一局的情况下则奖500分（混Rubber）"


@pytest.mark.parametrize(
    ("deals", "winner", "bonus", "games"),
    [
        ([GAME_FOR_US, GAME_FOR_US], WE, 700, 2),
        ([GAME_FOR_THEM, GAME_FOR_THEM], THEY, 700, 2),
        ([GAME_FOR_US, GAME_FOR_THEM, GAME_FOR_US], WE, 500, 3),
        ([GAME_FOR_THEM, GAME_FOR_US, GAME_FOR_THEM], THEY, 500, 3),
    ],
    ids=["we-two-nil", "they-two-nil", "we-two-one", "they-two-one"],
)
def test_the_first_side_to_win_two_games_wins_the_rubber_and_700_or_500(
    deals, winner, bonus, games
):
    pad = rubber_pad(deals)
    assert pad.over
    assert pad.winner == winner
    assert points(pad.above(winner))[-1] == (EntryKind.RUBBER, bonus)
    assert len(pad.games) == games
    assert all(game.winner is not None for game in pad.games)


def test_a_two_nil_rubber_totals_both_games_and_the_700():
    pad = rubber_pad([RubberDeal(WE, "4S", 10), RubberDeal(WE, "3NT", 9)])
    assert pad.totals == {WE: 920, THEY: 0}
    assert pad.difference == 920
    assert pad.ahead == WE


@pytest.mark.parametrize("next_deal", [GAME_FOR_US, RubberDeal(None, PASS, 0)])
def test_a_deal_after_the_rubber_is_won_asks_for_a_new_rubber(next_deal):
    with pytest.raises(RubberOverError, match="start a new rubber") as caught:
        rubber_pad([GAME_FOR_US, GAME_FOR_US, next_deal])
    assert caught.value.deal == 3  # the deal that came after the end, counted from 1


# Vulnerability follows games won.


def test_a_side_is_vulnerable_once_it_has_won_a_game():
    assert rubber_pad([]).vulnerable == {WE: False, THEY: False}
    assert rubber_pad([GAME_FOR_US]).vulnerable == {WE: True, THEY: False}
    assert rubber_pad([GAME_FOR_US, GAME_FOR_THEM]).vulnerable == {WE: True, THEY: True}


@pytest.mark.parametrize(
    ("before", "they_get"),
    [([], 50), ([GAME_FOR_US], 100)],
    ids=["not-vulnerable", "vulnerable"],
)
def test_undertricks_cost_more_once_the_declaring_side_is_vulnerable(before, they_get):
    pad = rubber_pad([*before, RubberDeal(WE, "4S", 9)])
    assert points(pad.above(THEY)) == [(EntryKind.UNDERTRICKS, they_get)]


# One deal by us, not vulnerable or after our game (vulnerable): what goes where.
K = EntryKind
DEAL_CASES = [
    ("1NT", 7, False, [40], [], []),
    ("2S", 10, False, [60], [(K.OVERTRICKS, 60)], []),
    ("2SX", 8, False, [120], [(K.DOUBLED_MADE, 50)], []),
    ("2SX", 9, False, [120], [(K.OVERTRICKS, 100), (K.DOUBLED_MADE, 50)], []),
    ("2SX", 9, True, [120], [(K.OVERTRICKS, 200), (K.DOUBLED_MADE, 50)], []),
    ("1NTXX", 8, False, [160], [(K.OVERTRICKS, 200), (K.DOUBLED_MADE, 100)], []),
    ("1NTXX", 8, True, [160], [(K.OVERTRICKS, 400), (K.DOUBLED_MADE, 100)], []),
    ("3DX", 10, True, [120], [(K.OVERTRICKS, 200), (K.DOUBLED_MADE, 50)], []),
    ("6S", 12, False, [180], [(K.SMALL_SLAM, 500)], []),
    ("6S", 13, True, [180], [(K.OVERTRICKS, 30), (K.SMALL_SLAM, 750)], []),
    ("7NT", 13, False, [220], [(K.GRAND_SLAM, 1000)], []),
    ("7NTX", 13, True, [440], [(K.DOUBLED_MADE, 50), (K.GRAND_SLAM, 1500)], []),
    ("4H", 9, False, [], [], [(K.UNDERTRICKS, 50)]),
    ("4H", 8, True, [], [], [(K.UNDERTRICKS, 200)]),
    ("4HX", 7, False, [], [], [(K.UNDERTRICKS, 500)]),
    ("4HX", 6, False, [], [], [(K.UNDERTRICKS, 800)]),
    ("4HX", 7, True, [], [], [(K.UNDERTRICKS, 800)]),
    ("4HXX", 7, False, [], [], [(K.UNDERTRICKS, 1000)]),
    ("4HXX", 8, True, [], [], [(K.UNDERTRICKS, 1000)]),
]


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "below", "above", "theirs"),
    DEAL_CASES,
    ids=[f"{c}-{t}-{'vul' if v else 'nv'}" for c, t, v, *_ in DEAL_CASES],
)
def test_a_deal_writes_its_trick_score_below_and_every_bonus_above(
    contract, tricks, vulnerable, below, above, theirs
):
    before = [GAME_FOR_US] if vulnerable else []
    pad = rubber_pad([*before, RubberDeal(WE, contract, tricks)])
    deal = len(pad.deals)

    def of(entries):
        return [e for e in entries if e.deal == deal and e.kind is not EntryKind.RUBBER]

    assert [entry.points for entry in of(pad.below(WE))] == below
    assert points(of(pad.above(WE))) == above
    assert points(of(pad.above(THEY))) == theirs


def test_a_doubled_part_score_that_reaches_100_below_the_line_is_game():
    assert rubber_pad([RubberDeal(WE, "2HX", 8)]).games_won == {WE: 1, THEY: 0}


def test_a_passed_out_deal_scores_nothing():
    pad = rubber_pad([RubberDeal(None, PASS, 0), RubberDeal(None, "PASS", 0)])
    assert pad.entries == ()
    assert len(pad.deals) == 2


# Honours: "一手牌有四个A奖150分；一手牌持有将牌花色A、K、Q、J、10五张大牌奖150分；
# 若持有其中的四张大牌则奖100分"

HONOUR_CASES = [
    (RubberDeal(WE, "4H", 10, Honours.FOUR_TRUMP, THEY), THEY, 100),
    (RubberDeal(WE, "4H", 9, Honours.FIVE_TRUMP, WE), WE, 150),
    (RubberDeal(WE, "3NT", 9, Honours.FOUR_ACES, WE), WE, 150),
    (RubberDeal(THEY, "6S", 12, "four-trump-honours", "WE"), WE, 100),
    (RubberDeal(THEY, "1NT", 5, Honours.FOUR_ACES, THEY), THEY, 150),
]


@pytest.mark.parametrize(("deal", "holder", "bonus"), HONOUR_CASES)
def test_honours_go_above_the_line_to_the_side_holding_them_made_or_not(deal, holder, bonus):
    pad = rubber_pad([deal])
    assert [e.points for e in pad.above(holder) if e.kind is EntryKind.HONOURS] == [bonus]
    assert not [e for e in pad.above(holder.other) if e.kind is EntryKind.HONOURS]


@pytest.mark.parametrize(
    ("declarer", "contract", "tricks", "honours", "holder"),
    [
        (WE, "4H", 10, Honours.FOUR_ACES, WE),
        (WE, "3NT", 9, Honours.FOUR_TRUMP, WE),
        (WE, "3NT", 9, Honours.FIVE_TRUMP, THEY),
        (None, PASS, 0, Honours.FOUR_ACES, WE),
        (WE, "4H", 10, Honours.FOUR_TRUMP, None),
        (WE, "4H", 10, None, WE),
    ],
    ids=["aces-in-suit", "trumps-in-nt", "five-in-nt", "passed-out", "no-holder", "no-honours"],
)
def test_honours_that_cannot_count_are_refused(declarer, contract, tricks, honours, holder):
    with pytest.raises(DealError):
        RubberDeal(declarer, contract, tricks, honours, holder)


@pytest.mark.parametrize(
    ("declarer", "contract", "tricks", "error"),
    [
        (None, "4S", 10, DealError),
        (WE, PASS, 0, DealError),
        (None, PASS, 3, DealError),
        (WE, "4S", 14, TricksError),
        (WE, "4S", -1, TricksError),
        ("US", "4S", 10, ValueError),
        (WE, "8S", 10, ValueError),
    ],
)
def test_a_deal_that_cannot_be_scored_is_refused(declarer, contract, tricks, error):
    with pytest.raises(error):
        RubberDeal(declarer, contract, tricks)


def test_a_deal_may_be_written_as_text():
    deal = RubberDeal("WE", "4SX", 10, "four-trump-honours", "THEY")
    assert (deal.declarer, deal.contract) == (WE, Contract.parse("4SX"))
    assert (deal.honours, deal.honours_side) == (Honours.FOUR_TRUMP, THEY)


# Incomplete rubber, Laws of Contract Bridge (rubber bridge), Law 80: "if only one game has
# been completed, the winners of that game are credited with 300 points; if only one side has
# a partscore or partscores in a game not completed, that side is credited with 100 points".

UNFINISHED_CASES = [
    # We won the only game (300); they alone hold a part-score in the open game (100).
    ([GAME_FOR_US, RubberDeal(THEY, "2S", 8)], {WE: [300], THEY: [100]}),
    # Part-scores on both sides: "only one side" fails, so neither gets 100.
    ([RubberDeal(WE, "1NT", 7), RubberDeal(THEY, "2S", 8)], {WE: [], THEY: []}),
    # Our game and our own part-score in the next game: 300 and 100.
    ([GAME_FOR_US, RubberDeal(WE, "2C", 8)], {WE: [300, 100], THEY: []}),
    # A game each: "only one game" fails, so neither gets 300.
    ([GAME_FOR_US, GAME_FOR_THEM], {WE: [], THEY: []}),
    # A game each and one part-score: 100 only, to the side holding it.
    ([GAME_FOR_US, GAME_FOR_THEM, RubberDeal(THEY, "1C", 7)], {WE: [], THEY: [100]}),
    # Their part-score was cut off by our game: it is in no game "not completed".
    ([RubberDeal(THEY, "2S", 8), GAME_FOR_US], {WE: [300], THEY: []}),
    # Our two part-scores in the open game are "partscores" of one side: 100.
    ([RubberDeal(WE, "1C", 7), RubberDeal(WE, "1D", 7)], {WE: [100], THEY: []}),
    ([RubberDeal(WE, "4S", 9)], {WE: [], THEY: []}),
    ([], {WE: [], THEY: []}),
]


@pytest.mark.parametrize(
    ("deals", "bonuses"),
    UNFINISHED_CASES,
    ids=[
        "game-and-their-part",
        "parts-on-both-sides",
        "game-and-own-part",
        "game-each",
        "game-each-and-one-part",
        "part-cut-off-by-a-game",
        "two-parts-one-side",
        "nothing-made",
        "no-deals",
    ],
)
def test_an_incomplete_rubber_is_scored_by_law_80(deals, bonuses):
    unfinished = (EntryKind.UNFINISHED_GAME, EntryKind.UNFINISHED_PART_SCORE)
    pad = rubber_pad(deals, finished_early=True)
    assert pad.finished_early
    for side, expected in bonuses.items():
        assert [e.points for e in pad.above(side) if e.kind in unfinished] == expected
    assert rubber_pad(deals).totals[WE] + sum(bonuses[WE]) == pad.totals[WE]


def test_law_80_worked_a_game_each_and_part_scores_on_both_sides_adds_nothing():
    # We: 3NT= (100 below, game). They: 5D= (100 below, game). Then we 2S= (60) and
    # they 1NT= (40) in the third game, and play stops: no 300 (two games were completed),
    # no 100 (both sides hold part-scores). Totals are what was scored: 160 and 140.
    deals = [GAME_FOR_US, GAME_FOR_THEM, RubberDeal(WE, "2S", 8), RubberDeal(THEY, "1NT", 7)]
    pad = rubber_pad(deals, finished_early=True)
    assert pad.totals == {WE: 160, THEY: 140}
    assert pad.difference == 20


def test_stopping_early_after_the_rubber_is_won_changes_nothing():
    pad = rubber_pad([GAME_FOR_US, GAME_FOR_US], finished_early=True)
    assert not pad.finished_early
    assert pad.entries == rubber_pad([GAME_FOR_US, GAME_FOR_US]).entries


def test_a_whole_rubber_as_the_seed_tells_it():
    pad = rubber_pad(
        [
            RubberDeal(THEY, "2S", 10),  # 60 below, 60 above
            RubberDeal(WE, "4H", 10),  # 120 below: game 1 to us, their 60 cut off
            RubberDeal(THEY, "2C", 9),  # 40 below, 20 above: no game, the 60 is gone
            RubberDeal(THEY, "1NT", 7),  # 40 more: 80, still no game
            RubberDeal(WE, "3NTX", 8, Honours.FOUR_ACES, THEY),  # we are vulnerable: down 1, 200
            RubberDeal(THEY, "1C", 7),  # 20 more: 100, game 2 to them
            RubberDeal(WE, "4S", 11),  # 120 below, 30 above: game 3, rubber 500
        ]
    )
    assert [game.winner for game in pad.games] == [WE, THEY, WE]
    assert [game.points(THEY) for game in pad.games] == [60, 100, 0]
    assert pad.totals == {WE: 120 + 120 + 30 + 500, THEY: 60 + 60 + 40 + 20 + 40 + 150 + 200 + 20}
    assert pad.difference == 770 - 590
    assert pad.winner == WE


# Properties over random rubbers.


@st.composite
def deals(draw):
    declarer = draw(st.sampled_from([WE, THEY, None]))
    if declarer is None:
        return RubberDeal(None, PASS, 0)
    contract = draw(st.sampled_from(all_contracts()))
    tricks = draw(st.integers(0, 13))
    honours = draw(st.sampled_from([None, *(h for h in Honours if h.fits(contract.strain))]))
    holder = None if honours is None else draw(st.sampled_from([WE, THEY]))
    return RubberDeal(declarer, contract, tricks, honours, holder)


@given(st.lists(deals(), max_size=20), st.booleans())
def test_each_total_is_the_sum_of_that_sides_entries_above_and_below(played, early):
    try:
        pad = rubber_pad(played, finished_early=early)
    except RubberOverError:
        return
    for side in RubberSide:
        above = sum(entry.points for entry in pad.above(side))
        below = sum(game.points(side) for game in pad.games)
        assert pad.totals[side] == above + below
        assert below == sum(entry.points for entry in pad.below(side))
    assert pad.difference == pad.totals[WE] - pad.totals[THEY]
    assert all(entry.points > 0 for entry in pad.entries)


@given(st.lists(deals(), max_size=20))
def test_a_rubber_ends_exactly_when_a_side_wins_its_second_game(played):
    for count in range(len(played) + 1):
        try:
            pad = rubber_pad(played[:count])
        except RubberOverError:
            assert rubber_pad(played[: count - 1]).over
            return
        won = pad.games_won
        assert max(won.values()) <= 2
        assert pad.over == (max(won.values()) == 2)
        assert pad.vulnerable == {side: won[side] > 0 for side in RubberSide}
        rubber = [e for e in pad.entries if e.kind is EntryKind.RUBBER]
        assert len(rubber) == pad.over
        if pad.over:
            assert rubber[0].points == (700 if won[pad.winner.other] == 0 else 500)


@given(st.lists(deals(), max_size=20))
def test_a_game_is_won_by_the_entry_that_reaches_100_below_the_line(played):
    try:
        pad = rubber_pad(played)
    except RubberOverError:
        return
    for game in pad.games:
        if game.winner is None:
            assert all(game.points(side) < 100 for side in RubberSide)
            continue
        assert game.entries[-1].side == game.winner
        assert game.points(game.winner) >= 100 > game.points(game.winner) - game.entries[-1].points
        assert game.points(game.winner.other) < 100


@given(st.sampled_from(all_contracts()), st.integers(0, 13), st.booleans())
def test_a_deal_scores_the_duplicate_score_less_the_game_or_part_score_bonus(
    contract, tricks, vulnerable
):
    pad = rubber_pad([*([GAME_FOR_US] if vulnerable else []), RubberDeal(WE, contract, tricks)])
    last = [e for e in pad.entries if e.deal == len(pad.deals) and e.kind is not EntryKind.RUBBER]
    ours = sum(e.points for e in last if e.side == WE)
    theirs = sum(e.points for e in last if e.side == THEY)
    score = duplicate_score(contract, tricks, vulnerable)
    if tricks < contract.book:
        assert (ours, theirs) == (0, -score)
    else:
        trick_score = sum(e.points for e in last if e.below)
        bonus = (500 if vulnerable else 300) if trick_score >= 100 else 50
        assert (ours + bonus, theirs) == (score, 0)
