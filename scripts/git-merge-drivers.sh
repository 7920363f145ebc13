#!/usr/bin/env bash
# Configure this clone's merge drivers for the translation catalogue (see .gitattributes):
# a .po merges by keeping every message of both sides (scripts/merge_po.py: the side that
# changed a translation wins); a .mo keeps the current side, to be rebuilt with
# `make messages` (make check-messages fails while it is stale).
set -euo pipefail
git config merge.po.name "gettext catalogue: union of both sides"
git config merge.po.driver 'python3 scripts/merge_po.py %O %A %B'
git config merge.mo.name "compiled catalogue: keep ours, rebuild after"
git config merge.mo.driver true
