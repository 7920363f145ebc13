"""The seed-table harness: what the tests of the seeds' printed tables share.

A seed module (``test_seed_*``, ``test_simplified``, ``test_single_table_seeds``)
transcribes a table of a source document as printed, reads it into cases with the
helpers below, and states each check as a test of its own. The harness offers:

- ``SeedCells``: the cells a module reads, each named ``(source, cell)``. ``expected``
  returns the printed value, or the Laws' value for a cell the module's ``OVERRIDES``
  names as ``(printed, correct, why)`` (see ``seed_overrides.md``), and keeps the printed
  value, so that ``override_cases`` and ``check_override`` can check that each override
  points at a transcribed cell with that printed value.
- readers of a printed table: ``rows`` (the words of each line), ``COLUMNS`` (the six
  columns: not vulnerable —, ×, ××, then vulnerable —, ×, ××), ``contracts_of`` (the
  contracts a cell such as "1C/1D" or "2H/S" covers), ``contract_of``, ``tricks_of``
  and ``evaluate`` (the seed's own arithmetic, full-width signs too).
- case builders for the shapes more than one seed prints, each naming its seed cell in
  the case id: ``made_cases`` and ``penalty_case`` (score tables; checked by a test with
  ``SCORE_FIELDS``), ``worked_examples`` (例一 … 例十六 and the 贴点 boards), ``bonus_cases``,
  ``undertrick_cases`` and ``imp_range_cases``.
- what a check computes: ``parts_of`` (points of some kinds of the breakdown) and
  ``undertrick_cost`` (what one more trick down costs).
"""

import re
from dataclasses import dataclass

import pytest

from matches.scoring import Contract, duplicate_score, ns_score, score_breakdown

# ---------------------------------------------------------------------------------------
# The cells a module reads, and the ones it overrides.


class SeedCells:
    """One module's seed cells: the overrides it names and the values it has read as printed.

    ``overrides`` maps ``(source, cell)`` to ``(printed, correct, why)``.
    """

    def __init__(self, overrides):
        self.overrides = overrides
        self.printed = {}  # (source, cell) -> value as printed, filled in as tables are read

    def expected(self, source, cell, printed):
        """Return the printed value, or the Laws' value for a cell named in the overrides."""
        key = (source, cell)
        self.printed[key] = printed
        if key in self.overrides:
            was, correct, _why = self.overrides[key]
            assert was == printed, f"override for {cell} names {was}, the seed prints {printed}"
            return correct
        return printed

    def override_cases(self, labels):
        """One case an override, its id the source's label (``labels[source]``) and the cell."""
        return [pytest.param(key, id=f"{labels[key[0]]}: {key[1]}") for key in self.overrides]

    def check_override(self, key):
        """Check that an override names a cell read with that printed value, and says why."""
        printed, correct, why = self.overrides[key]
        assert key in self.printed, f"{key} names no cell the module reads"
        assert self.printed[key] == printed, key
        assert correct != printed and why


# ---------------------------------------------------------------------------------------
# Reading a printed table.

DOUBLINGS = ("", "X", "XX")
COLUMNS = [(vul, dbl) for vul in ("nv", "vul") for dbl in DOUBLINGS]
BOTH_SIGNS = ((1, ""), (-1, "-negative"))  # a difference either way, and its id's suffix
SCORE_FIELDS = ("contract", "tricks", "vulnerable", "want")
FULL_WIDTH = str.maketrans({"×": "*", "（": "(", "）": ")", "＋": "+", "－": "-"})


def rows(table):
    """Return the words of each line of a table transcribed as text."""
    return [line.split() for line in table.strip().splitlines()]


def doubling_name(dbl):
    """Return the doubling as the case ids name it: "undoubled", "X" or "XX"."""
    return dbl or "undoubled"


def contracts_of(group, dbl=""):
    """Return the contracts a printed cell covers: "1C/1D" and "1C/D" cover 1C and 1D."""
    level, strains = group[0], group[1:].split("/")
    return [f"{level}{strain.lstrip(level)}{dbl}" for strain in strains]


def contract_of(text):
    """Return the contract the seed writes as text ("6NT×" is 6NT doubled)."""
    return Contract.parse(text.replace("×", "X"))


def tricks_of(contract, result):
    """Return the tricks taken for a result written "=", "+1" or "-2"."""
    return contract.book + (0 if result == "=" else int(result))


def evaluate(formula):
    """Return the value of the seed's arithmetic, e.g. "（40+5×30）×2+200" (full-width too)."""
    text = formula.translate(FULL_WIDTH)
    assert re.fullmatch(r"[\d+\-*()]+", text), formula
    return eval(text)  # noqa: S307 - digits and + - * ( ) only, checked above


def evaluate_equation(text):
    """Return both sides of the seed's arithmetic, e.g. "500－3×80=260" gives (260, 260)."""
    left, right = text.split("=")
    return evaluate(left), int(right)


# ---------------------------------------------------------------------------------------
# What the checks compute.


def parts_of(contract, tricks, vulnerable, *kinds):
    """Return the points of the breakdown's parts of these kinds, summed."""
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    parts = score_breakdown(contract, tricks, vulnerable).parts
    return sum(part.points for part in parts if part.kind in kinds)


def undertrick_cost(contract, down, vulnerable):
    """Return what the ``down``-th undertrick of a grand slam costs on its own."""
    contract = Contract.parse(contract)
    before = 0 if down == 1 else duplicate_score(contract, 14 - down, vulnerable)
    return before - duplicate_score(contract, 13 - down, vulnerable)


# ---------------------------------------------------------------------------------------
# Cases of the shapes more than one seed prints.


def made_cases(group, dbl, result, vul, want, prefix):
    """Cases of a made-contract cell (checked with ``SCORE_FIELDS``), one a contract it covers.

    Ids: ``{prefix}-{contract}-{result}-{vul}``, e.g. "000-table-1CX-+2-nv".
    """
    over = 0 if result == "=" else int(result)
    return [
        pytest.param(
            contract,
            int(group[0]) + 6 + over,
            vul == "vul",
            want,
            id=f"{prefix}-{contract}-{result}-{vul}",
        )
        for contract in contracts_of(group, dbl)
    ]


def penalty_case(down, vul, dbl, points, prefix):
    """The case of a penalty cell (``SCORE_FIELDS``): the lowest spade contract that goes down so.

    Ids: ``{prefix}-down{down}-{doubling}-{vul}``, e.g. "000-penalty-down3-X-vul".
    """
    level = max(1, down - 6)
    case_id = f"{prefix}-down{down}-{doubling_name(dbl)}-{vul}"
    return pytest.param(f"{level}S{dbl}", level + 6 - down, vul == "vul", -points, id=case_id)


SEATS = {"北": "N", "东": "E", "南": "S", "西": "W"}
SIDES = {"北": "NS", "南": "NS", "东": "EW", "西": "EW", "南北": "NS", "东西": "EW"}
# The vulnerability as the seeds name it, as the scoring core names it.
VULNERABILITY = {"双无": "None", "南北": "NS", "东西": "EW", "双有": "All"}


@dataclass(frozen=True)
class WorkedExample:
    """One board of a seed's worked examples, as printed."""

    board: int
    vul: str  # as the seed names it: 双无, 南北, 东西, 双有
    seat: str  # the declarer: N, E, S or W
    contract: Contract
    result: str  # "=", "+1", "-2"
    declarer_vul: bool
    score: int  # the declaring side's: negative when the other side scores
    formula: str  # the seed's arithmetic for the points

    @property
    def tricks(self):
        return tricks_of(self.contract, self.result)

    @property
    def north_south(self):
        """The printed score from North-South's side."""
        return self.score if self.seat in "NS" else -self.score

    @property
    def vulnerability(self):
        """The printed vulnerability as the scoring core names it."""
        return VULNERABILITY[self.vul]

    def declarer_score(self):
        return duplicate_score(self.contract, self.tricks, self.declarer_vul)

    def north_south_score(self):
        return ns_score(self.contract, self.seat, self.tricks, self.board)

    def breakdown(self):
        return score_breakdown(self.contract, self.tricks, self.declarer_vul)


def worked_examples(table, prefix):
    """Cases of a table of worked examples, one ``WorkedExample`` a line.

    A line: board, vulnerability, declarer, contract, result, side that scores, points,
    the seed's arithmetic. Ids: ``{prefix}{board}-{contract}-{vul}-{result}``.
    """
    cases = []
    for board, vul, declarer, contract, result, side, points, formula in rows(table):
        declarer_vul = VULNERABILITY[vul] in ("All", SIDES[declarer])
        score = int(points) if SIDES[side] == SIDES[declarer] else -int(points)
        example = WorkedExample(
            int(board),
            vul,
            SEATS[declarer],
            contract_of(contract),
            result,
            declarer_vul,
            score,
            formula,
        )
        vul_name = "vul" if declarer_vul else "nv"
        case_id = f"{prefix}{board}-{contract.replace('×', 'X')}-{vul_name}-{result}"
        cases.append(pytest.param(example, id=case_id))
    return cases


@dataclass(frozen=True)
class Bonus:
    """A contract made exactly that earns a row of a bonus table, and the row as printed."""

    contract: str
    vulnerable: bool
    kinds: tuple  # the kinds of part that make up the row
    items: list  # the printed parts ("500+300=800": [500, 300])
    total: int  # the printed total

    def points(self):
        """The breakdown's points of each kind, in the row's order."""
        return [parts_of(*self.made(), kind) for kind in self.kinds]

    def total_points(self):
        return parts_of(*self.made(), *self.kinds)

    def made(self):
        return self.contract, int(self.contract[0]) + 6, self.vulnerable


def bonus_cases(table, prefix):
    """Cases of a bonus table, one ``Bonus`` a contract a row names, not vulnerable and vulnerable.

    A row: (name, kinds of part, contracts, not vulnerable, vulnerable), the two as printed
    ("50", "500+300=800"). Ids: ``{prefix}-{name}-{contract}-{vul}``.
    """
    cases = []
    for row, kinds, contracts, nv_text, vul_text in table:
        for vul, text in (("nv", nv_text), ("vul", vul_text)):
            *items, total = map(int, text.replace("=", "+").split("+"))
            for contract in contracts.split():
                bonus = Bonus(contract, vul == "vul", kinds, items or [total], total)
                case_id = f"{prefix}-{row.replace(' ', '-')}-{contract}-{vul}"
                cases.append(pytest.param(bonus, id=case_id))
    return cases


def undertrick_cases(table, strain, case_id):
    """Cases of a per-undertrick table: (contract, down, vulnerable, what that trick costs).

    A row: (name, the undertricks it covers, the six ``COLUMNS`` as text). The contract is
    a grand slam in ``strain``. ``case_id`` is a format of ``down``, ``doubling``, ``vul``.
    """
    cases = []
    for _row, downs, text in table:
        for (vul, dbl), value in zip(COLUMNS, map(int, text.split()), strict=True):
            for down in downs:
                name = case_id.format(down=down, doubling=doubling_name(dbl), vul=vul)
                cases.append(pytest.param(f"7{strain}{dbl}", down, vul == "vul", value, id=name))
    return cases


def imp_range_cases(ranges, prefix, top):
    """Cases of an IMP table: (difference, IMPs) at both ends of each range, both ways.

    ``ranges``: (low, high, IMPs) as printed, high "up" for the open top row (checked at
    ``top``). Ids: ``{prefix}-{low}-{high}-{low or high end}``, "-negative" the other way.
    """
    cases = []
    for low, high, won in ranges:
        ends = [("low", int(low)), ("high", top if high == "up" else int(high))]
        for end, difference in ends:
            for sign, name in BOTH_SIGNS:
                if difference == 0 and sign == -1:
                    continue
                case_id = f"{prefix}-{low}-{high}-{end}{name}"
                cases.append(pytest.param(sign * difference, sign * int(won), id=case_id))
    return cases
