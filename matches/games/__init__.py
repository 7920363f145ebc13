"""Home-table scoring systems: each kind of game plugs its form, its scoring and its sheet in.

A kind (see ``kinds/``) says how a deal is typed (a form whose ``to_deal()`` gives a
JSON-able dict), how a list of such deals is scored (by the pure scoring core), and which
template shows the sheet. The views in ``matches/views/games.py`` do the rest for every
kind alike: the sheet kept in the session for anyone, or saved for a logged-in player.

A kind's ``score`` raises ``sheets.SheetProblem`` naming the deal the rules refuse (a deal
after the end of the rubber, a board twice on the sheet, a stored deal that no longer reads);
``sheets`` uses it to refuse a change that would leave such a deal, and to show a sheet that
somehow holds one with that deal marked and left out of the totals.

Where the code says "seed", it means one of the five Chinese scoring documents the project
was created from (in ``../shared/seeds/``): 000 and 001 《桥牌记分方法》 (scoring tables,
rubber bridge, 贴点), 002 《桥牌计分规则》 (the printed team sheet and the single-table
sheet), 003 简明计分法, 004 scoring with doubles and redoubles.
"""
