"""How the pages show what is read: page rows and tables, charts, formatting, history
rows, hand records, progress, the calculator's view of a score.

Everything here reads and arranges; nothing writes. The reads shared with feeds and
actions are ``matches.queries``'; the rules ``matches.scoring``'s.
"""
