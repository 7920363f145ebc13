"""The JSON feeds, documented in docs/json-feed.md and docs/stages.md; keep the two in step.

- ``events``: an event's standings (official and live) and a match's scorecard;
- ``stages``: an event's stages with their standings, a Swiss stage's latest draw, a
  knockout's bracket;
- ``values``: how the feeds write VP, the IMP quotient and moments.
"""
