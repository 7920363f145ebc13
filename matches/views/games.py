"""Home-table games: anyone plays in the session; a logged-in player can save a game.

Every kind of game (see ``matches/games``) uses these views; the kind supplies the deal
form, the scoring and the sheet.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from matches.games import all_kinds, get_kind, store
from matches.models import Game


class SaveGameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=80)


def _kind(slug):
    try:
        return get_kind(slug)
    except KeyError:
        raise Http404 from None


@require_GET
def index(request):
    saved = Game.objects.owned_by(request.user)[:50] if request.user.is_authenticated else []
    return render(request, "games/index.html", {"kinds": all_kinds(), "saved": saved})


@require_GET
def game(request, kind, game_id=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    editing = _editing_index(request, state)
    return _render(request, kind, state, editing=editing)


@require_POST
def deal(request, kind, game_id=None, index=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    if index is not None and not 0 <= index < len(state.deals):
        raise Http404
    if request.POST.get("action") == "delete" and index is not None:
        del state.deals[index]
        state.save()
        return _after_change(request, kind, state)
    form = kind.deal_form(request.POST, game=state)
    if form.is_valid():
        deals = list(state.deals)
        if index is None:
            deals.append(form.to_deal())
        else:
            deals[index] = form.to_deal()
        try:
            kind.score(deals, state.settings)  # the whole sheet must still add up
        except ValueError as error:
            form.add_error(None, kind.error_message(error))
        else:
            state.deals = deals
            state.save()
            return _after_change(request, kind, state)
    return _render(request, kind, state, form=form, editing=index)


@require_POST
def restart(request, kind, game_id=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    state.restart()
    return _after_change(request, kind, state)


@require_POST
def settings(request, kind, game_id=None):
    kind = _kind(kind)
    state = store.load(request, kind, game_id)
    if kind.settings_form is None:
        raise Http404
    form = kind.settings_form(request.POST)
    if not form.is_valid():
        return _render(request, kind, state, settings_form=form)
    state.settings = {**state.settings, **form.cleaned_data}
    state.save()
    return _after_change(request, kind, state)


@require_POST
@login_required
def save(request, kind):
    kind = _kind(kind)
    state = store.load(request, kind, None)
    form = SaveGameForm(request.POST)
    if not form.is_valid():
        return _render(request, kind, state, save_form=form)
    saved = store.save_as(request, state, form.cleaned_data["name"])
    state.restart()  # the session starts a fresh sheet; the saved one goes on at its address
    messages.success(request, _("Game saved. It is listed under your games."))
    return redirect("game-saved", kind.slug, saved.pk)


@require_POST
@login_required
def delete(request, kind, game_id):
    get_object_or_404(Game, pk=game_id, owner=request.user).delete()
    messages.success(request, _("Game deleted."))
    return redirect("games")


def _editing_index(request, state):
    try:
        index = int(request.GET.get("edit", ""))
    except ValueError:
        return None
    return index if 0 <= index < len(state.deals) else None


def _after_change(request, kind, state):
    if request.htmx:
        return _render(request, kind, state)
    if state.saved:
        return redirect("game-saved", kind.slug, state.pk)
    return redirect("game", kind.slug)


def _render(request, kind, state, form=None, editing=None, status=200, **forms_):
    if form is None:
        if editing is not None:
            form = kind.deal_form(initial=kind.deal_form.initial_from(state.deals[editing]),
                                  game=state)  # fmt: skip
        else:
            form = kind.deal_form(initial=kind.next_deal(state.deals, state.settings), game=state)
    context = {
        "kind": kind,
        "game": state,
        "sheet": kind.score(state.deals, state.settings),
        "form": form,
        "editing": editing,
        "settings_form": forms_.get("settings_form")
        or (kind.settings_form(initial=state.settings) if kind.settings_form else None),
        "save_form": forms_.get("save_form") or SaveGameForm(),
        "urls": store.urls(state),
    }
    template = "games/_game.html" if request.htmx else "games/game.html"
    return render(request, template, context, status=status)
