"""Phones at a table, as the tests drive them through the tables' pages (/t/…): a browser
with no login, keeping its own cookies (the phone's name among them), posting what the
table page's script posts and reading what it reads."""

from __future__ import annotations

import itertools

from django.test import Client

JSON = {"HTTP_ACCEPT": "application/json"}
_keys = itertools.count(1)


def new_key() -> str:
    return f"key-{next(_keys)}"


class Phone:
    """A phone opened on a table's link, set as one side (``side``: "NS" or "EW")."""

    def __init__(self, table, side: str = "NS", *, language: str = "en", name: str = ""):
        self.table = table
        self.side = side
        self.client = Client()
        self.client.cookies["django_language"] = language
        self.name = name  # what its script says it is (the form's "device")
        if name:  # and the name its browser keeps (else the page gives it one)
            self.client.cookies["table_phone"] = name
        self.client.get(self.url())

    def url(self, what: str = "") -> str:
        return f"/t/{self.table.token}/{what}"

    def post(self, what: str, data: dict):
        return self.client.post(self.url(what), {"device": self.name, **data}, **JSON)

    def enter(
        self, board: int, contract="4S", declarer="N", result="=", *, key=None, side=None, **more
    ):
        """Return the answer to entering a board's result."""
        return self.post(
            "enter/",
            {
                "board": board,
                "side": side or self.side,
                "key": key or new_key(),
                "contract": contract,
                "declarer": declarer,
                "result": result,
                **more,
            },
        )

    def accept(self, entry: int, *, key=None, side=None):
        other = "EW" if self.side == "NS" else "NS"
        return self.post(
            "accept/", {"entry": entry, "side": side or self.side or other, "key": key or new_key()}
        )

    def dispute(self, entry: int, *, key=None, side=None, reason=""):
        return self.post(
            "dispute/",
            {"entry": entry, "side": side or self.side, "key": key or new_key(), "reason": reason},
        )

    def call(self, *, key=None, reason=""):
        return self.post("call/", {"key": key or new_key(), "reason": reason})

    def state(self) -> dict:
        return self.client.get(self.url("state.json"), **JSON).json()["state"]

    def board(self, number: int) -> dict:
        """Return a board's card as the phone's state has it."""
        return next(b for b in self.state()["boards"] if b["number"] == number)


def entry_of(answer, board: int) -> int:
    """Return the id of the entry a post's answer shows on a board."""
    return next(b["entry"] for b in answer.json()["state"]["boards"] if b["number"] == board)
