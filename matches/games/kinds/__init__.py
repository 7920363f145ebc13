"""Importing this package registers every kind of home-table game, in menu order."""

from matches.games.kinds import chicago, rubber, simplified, tiebreak  # noqa: F401
