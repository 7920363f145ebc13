"""Importing this package registers every kind of home-table game."""
