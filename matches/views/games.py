"""Home-table games: anyone plays in the session; a logged-in player can save a game.

Every kind of game (see ``matches/games``) uses these views; the kind supplies the deal
form, the scoring and the sheet. A change the rules would refuse (a deal after the end of
the rubber, say) is itself refused with the reason, and a sheet that somehow holds such a
deal still shows, with that deal marked and left out of the totals.
"""

import contextlib

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from matches import actions
from matches.actions.games import TOO_MANY_DEALS
from matches.games import sheets, store
from matches.games.registry import all_kinds, get_kind
from matches.models import Game


class SaveGameForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        error_messages={"required": gettext_lazy("Give the game a name, such as Friday night.")},
    )


def _kind(slug):
    try:
        return get_kind(slug)
    except KeyError:
        raise Http404 from None


@require_GET
def index(request):
    saved = Game.objects.owned_by(request.user) if request.user.is_authenticated else []
    context = {"kinds": all_kinds(), "saved": saved, "max_saved": store.max_saved()}
    return render(request, "games/index.html", context)


@require_GET
def game(request, kind, game_id=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    return _render(request, kind, state, editing=_editing_index(request, state))


@require_POST
def deal(request, kind, game_id=None, index=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    if index is not None and not 0 <= index < len(state.deals):
        notice = _(
            "That deal is no longer on the sheet (it was deleted, perhaps in another "
            "window). Here is the sheet as it is now."
        )
        return _render(request, kind, state, notice=notice)
    if request.POST.get("action") == "delete" and index is not None:
        return _delete_deal(request, kind, state, index)
    form = kind.deal_form(request.POST, game=state)
    if form.is_valid():
        if index is None and len(state.deals) >= store.max_deals():
            form.add_error(None, str(TOO_MANY_DEALS) % {"limit": store.max_deals()})
            return _render(request, kind, state, form=form, editing=index)
        deals = list(state.deals)
        if index is None:
            deals.append(form.to_deal())
        else:
            deals[index] = form.to_deal()
        action = "add" if index is None else "correct"
        changed = len(state.deals) if index is None else index
        refused = sheets.refusal(
            kind, state.deals, deals, action, settings=state.settings, changed=changed
        )
        if refused:
            form.add_error(None, refused)
        else:
            state.deals = deals
            return _save(request, kind, state)
    return _render(request, kind, state, form=form, editing=index)


def _delete_deal(request, kind, state, index):
    deals = state.deals[:index] + state.deals[index + 1 :]
    refused = sheets.refusal(
        kind, state.deals, deals, "delete", settings=state.settings, changed=index
    )
    if refused:
        return _render(request, kind, state, notice=refused)
    state.deals = deals
    return _save(request, kind, state)


@require_POST
def restart(request, kind, game_id=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    state.deals = []
    return _save(request, kind, state)


@require_POST
def settings(request, kind, game_id=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    if kind.settings_form is None:
        raise Http404
    form = kind.settings_form(request.POST)
    if not form.is_valid():
        return _render(request, kind, state, settings_form=form)
    new_settings = {**state.settings, **form.cleaned_data}
    refused = sheets.refusal(
        kind,
        state.deals,
        state.deals,
        "settings",
        settings=state.settings,
        new_settings=new_settings,
    )
    if refused:
        form.add_error(None, refused)
        return _render(request, kind, state, settings_form=form)
    state.settings = new_settings
    return _save(request, kind, state)


@require_POST
@login_required
def save(request, kind):
    kind = _kind(kind)
    state = store.load(request, kind, None)
    form = SaveGameForm(request.POST)
    if not form.is_valid():
        return _render(request, kind, state, save_form=form)
    try:
        saved = store.save_as(request, state, form.cleaned_data["name"])
    except actions.ActionError as error:
        form.add_error(None, str(error))
        return _render(request, kind, state, save_form=form)
    state.restart()  # the session starts a fresh sheet; the saved one goes on at its address
    messages.success(request, _("Game saved. It is listed under your games."))
    return redirect("game-saved", kind.slug, saved.pk)


@require_POST
@login_required
def delete(request, kind, game_id):
    game = get_object_or_404(Game, pk=game_id, owner=request.user)
    with contextlib.suppress(actions.Gone):  # deleted meanwhile, in another window
        actions.delete_game(game, user=request.user)
    messages.success(request, _("Game deleted."))
    return redirect("games")


def _editing_index(request, state):
    try:
        index = int(request.GET.get("edit", ""))
    except ValueError:
        return None
    return index if 0 <= index < len(state.deals) else None


def _save(request, kind, state):
    """Store the changed sheet and show it; a refusal (the saved game deleted meanwhile,
    a limit) is shown above the sheet as it is stored."""
    try:
        state.save()
    except actions.Gone:
        messages.info(request, _("This saved game was deleted, perhaps in another window."))
        if request.htmx:
            return HttpResponseClientRedirect(reverse("games"))
        return redirect("games")
    except actions.ActionError as error:
        return _render(request, kind, store.load(request, kind, state.pk), notice=str(error))
    return _after_change(request, kind, state)


def _after_change(request, kind, state):
    if request.htmx:
        return _render(request, kind, state)
    if state.saved:
        return redirect("game-saved", kind.slug, state.pk)
    return redirect("game", kind.slug)


def _deal_form(kind, state, editing):
    if editing is None:
        return kind.deal_form(initial=kind.next_deal(state.deals, state.settings), game=state)
    try:
        initial = kind.deal_form.initial_from(state.deals[editing])
    except (KeyError, TypeError, ValueError, AttributeError):
        initial = {}  # a stored deal that no longer reads: enter it afresh
    return kind.deal_form(initial=initial, game=state)


def _render(request, kind, state, form=None, editing=None, notice=None, **forms_):
    scored = sheets.score_leniently(kind, state.deals, state.settings)
    settings_form = forms_.get("settings_form")
    if settings_form is None and kind.settings_form:
        settings_form = kind.settings_form(initial=state.settings)
    context = {
        "kind": kind,
        "game": state,
        "sheet": scored.sheet,
        "positions": scored.positions,
        "problems": sheets.stored_problems(kind, state.deals, scored),
        "left_out": {item.index for item in scored.left_out},
        "deal_rows": sheets.deal_rows(state.deals, scored),
        "notes": kind.notes_for(state.settings),
        "form": form or _deal_form(kind, state, editing),
        "editing": editing,
        "notice": notice,
        "settings_form": settings_form,
        "save_form": forms_.get("save_form") or SaveGameForm(),
        "urls": store.urls(state),
        "full": len(state.deals) >= store.max_deals(),
        "max_deals": store.max_deals(),
    }
    template = "games/_game.html" if request.htmx else "games/game.html"
    return render(request, template, context)
