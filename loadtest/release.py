"""When the table-entry scenarios' results become public: the event's fair-play rule
(``results_public``, matches/scoring/fair_play.py's ``out_of_play``, with no board released
by a director), followed as the acceptances are answered. Imports neither locust nor
Django (tests/test_loadtest_release.py checks it against the app's rule)."""

from __future__ import annotations

from collections import Counter


class Release:
    """The results of a round of ``matches`` matches, ``boards`` boards each in segments
    of ``segment``, each accepted result held until ``rule`` makes it public."""

    def __init__(self, rule: str, matches: int, boards: int, segment: int):
        self.rule, self.matches, self.boards, self.segment = rule, matches, boards, segment
        self.held: dict[int, list[dict]] = {}  # board -> results accepted, not yet public
        self.done: dict[int, dict[int, set[str]]] = {}  # board -> {match: rooms with it}
        self.complete: Counter = Counter()  # board -> matches with it in both rooms

    def segment_of(self, board: int) -> range:
        first = (board - 1) // self.segment * self.segment + 1
        return range(first, min(first + self.segment, self.boards + 1))

    def public(self, match: int, board: int) -> bool:
        """Return True once the rule shows the board's results at the match."""
        if self.rule == "at-once":
            return True
        if self.rule == "match":
            return len(self.done.get(board, {}).get(match, ())) == 2
        if self.rule == "segment":
            return all(self.complete[n] == self.matches for n in self.segment_of(board))
        return self.complete[board] == self.matches  # "tables": every match has it

    def accepted(self, item: dict) -> list[dict]:
        """Record a result accepted (``item``: its match, room and board, and anything
        else); return the results, its own or others held, that this makes public."""
        match, board = item["match"], item["board"]
        rooms = self.done.setdefault(board, {}).setdefault(match, set())
        if item["room"] not in rooms:
            rooms.add(item["room"])
            self.complete[board] += len(rooms) == 2
        self.held.setdefault(board, []).append(item)
        boards = self.segment_of(board) if self.rule == "segment" else [board]
        shown = []
        for number in boards:
            waiting = []
            for held in self.held.pop(number, []):
                (shown if self.public(held["match"], number) else waiting).append(held)
            if waiting:
                self.held[number] = waiting
        return shown

    def waiting(self) -> int:
        """Return how many results accepted are not yet public."""
        return sum(len(items) for items in self.held.values())
