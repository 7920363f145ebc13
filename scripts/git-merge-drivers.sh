#!/usr/bin/env bash
# Configure this clone's merge drivers for the translation catalogue (see .gitattributes):
# a .po merges by taking every message from both sides (the current side's translation
# wins where both translated one msgid); a .mo keeps the current side, to be rebuilt with
# `make messages` (make check-messages fails while it is stale).
set -euo pipefail
git config merge.po.name "gettext catalogue: union of both sides"
git config merge.po.driver 'msgcat --use-first -o %A.merged %A %B && mv %A.merged %A'
git config merge.mo.name "compiled catalogue: keep ours, rebuild after"
git config merge.mo.driver true
