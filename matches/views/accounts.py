"""Accounts: logging in (rate-limited per address, locked per name and address after
repeated failures), players signing up, and the list of lock-outs: table codes' for chief
directors, logins' too for superusers.

The rate limits (``matches.auth.ratelimit``) are sliding windows, and each attempt takes
its place in the count before the work is done: a burst at once cannot slip past them.

Directors are made by a superuser; players may sign up to save home games, unless the
site turns sign-up off (SIGNUP_OPEN=0).
"""

from axes.utils import reset
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import login as log_in
from django.contrib.auth.views import LoginView
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from matches import actions
from matches.actions import ActionError
from matches.auth import code_lockouts, ratelimit
from matches.auth.accounts import current_lockouts
from matches.auth.permissions import chief_director_required, superuser_required
from matches.forms.accounts import LiftCodeLockoutForm, LoginForm, SignupForm, UnlockForm
from matches.text import wait_words

LOGIN_TEMPLATE = "registration/login.html"


@require_http_methods(["GET", "POST"])
def login(request):
    if request.method == "POST" and not ratelimit.attempt("login", request, settings.LOGIN_RATE):
        form = LoginForm(request, initial={"username": request.POST.get("username", "")[:150]})
        message = _("Too many login attempts from your address. Wait a minute, then try again.")
        return _login_refused(request, form, message)
    view = LoginView.as_view(
        form_class=LoginForm,
        template_name=LOGIN_TEMPLATE,
        extra_context={"signup_open": settings.SIGNUP_OPEN},
    )
    return view(request)


@require_http_methods(["GET", "POST"])
def admin_login(request):
    """The admin's login page, held to the app's login limit per address: one count for
    both doors (the lock-out per name and address, django-axes, already covers both)."""
    if request.method == "POST" and not ratelimit.attempt("login", request, settings.LOGIN_RATE):
        form = LoginForm(request, initial={"username": request.POST.get("username", "")[:150]})
        message = _("Too many login attempts from your address. Wait a minute, then try again.")
        return _login_refused(request, form, message)
    return admin.site.login(request)


def locked_out(request, original_response=None, credentials=None):
    """The answer to a login whose name and address are locked out (AXES_LOCKOUT_CALLABLE)."""
    form = LoginForm(request, initial={"username": request.POST.get("username", "")[:150]})
    message = _(
        "Too many failed logins for this user name from your address. Try again in an "
        "hour, or ask the site's administrator to lift the lock."
    )
    return _login_refused(request, form, message)


def _login_refused(request, form, message):
    context = {
        "form": form,
        "refused": message,
        "next": request.POST.get("next", ""),
        "signup_open": settings.SIGNUP_OPEN,
    }
    return render(request, LOGIN_TEMPLATE, context, status=429)


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("games")
    if not settings.SIGNUP_OPEN:
        return render(request, "registration/signup_closed.html", status=403)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and ratelimit.exhausted("signup", request, settings.SIGNUP_RATE):
        return _signup_refused(request, form)
    if request.method == "POST" and not form.is_valid() and "username" in form.errors:
        # A name refused (taken, reading like a taken one, or no name at all) counts as an
        # account made: the answer says whether a name exists, so it is given no more
        # often than accounts are made. A try refused only for its password does not.
        if not ratelimit.attempt("signup", request, settings.SIGNUP_RATE):
            return _signup_refused(request, form)
    elif form.is_valid():
        # The account's place in the count is taken first (atomically), so sign-ups at
        # once cannot all pass the check before any is counted; a refusal for the
        # password gives it back (one for the name keeps it, as above).
        place = ratelimit.attempt("signup", request, settings.SIGNUP_RATE)
        if not place:
            return _signup_refused(request, form)
        try:
            user = actions.sign_up(
                username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
            )
        except ActionError as error:
            if error.field != "username":
                place.give_back()
            form.add_error(error.field, str(error))
        else:
            log_in(request, user, backend="matches.auth.accounts.UsernameBackend")
            return redirect("games")
    return render(request, "registration/signup.html", {"form": form})


def _signup_refused(request, form):
    """The sign-up page refused by the limit: the form as typed but not checked (its
    errors would tell whether the name exists)."""
    form = SignupForm(initial={"username": request.POST.get("username", "")[:150]})
    message = _("Too many accounts have been made from your address. Try again later.")
    context = {"form": form, "refused": message}
    return render(request, "registration/signup.html", context, status=429)


@require_GET
@chief_director_required
def lockouts(request):
    return _lockouts_page(request)


def _lockouts_page(request, unlock_form=None, lift_form=None, status=200):
    """The lock-outs: table codes' (chief directors and superusers) and, for superusers,
    logins' too."""
    wrong, seconds = code_lockouts.allowance()
    context = {
        "code_lockouts": code_lockouts.code_lockouts(),
        "lift_form": lift_form,
        "code_allowance": wrong,
        "code_period": wait_words(seconds),
        "code_wait": wait_words(settings.TABLE_CODE_WAIT),
        "code_max_wait": wait_words(settings.TABLE_CODE_MAX_WAIT),
    }
    if request.user.is_superuser:
        context |= {
            "lockouts": current_lockouts(settings.AXES_FAILURE_LIMIT),
            "limit": settings.AXES_FAILURE_LIMIT,
            "unlock_form": unlock_form or UnlockForm(),
        }
    return render(request, "registration/lockouts.html", context, status=status)


@require_POST
@chief_director_required
def lift_code_lockout(request):
    """Give an address back its allowance of wrong table codes (a row's Lift button)."""
    form = LiftCodeLockoutForm(request.POST)
    if not form.is_valid():
        return _lockouts_page(request, lift_form=form)
    address = form.cleaned_data["address"]
    if code_lockouts.lift(address):
        messages.success(
            request, _("Phones at %(address)s may type table codes again.") % {"address": address}
        )
    else:
        messages.error(
            request,
            _("Nothing to lift: %(address)s is not held back from typing table codes.")
            % {"address": address},
        )
    return redirect("director-lockouts")


@require_POST
@superuser_required
def unlock(request):
    """Lift a lock-out: from a row of the list, or typed in (its refusals beside the fields)."""
    form = UnlockForm(request.POST)
    if not form.is_valid():
        return _lockouts_page(request, unlock_form=form)
    username = form.cleaned_data["username"]
    address = form.cleaned_data["ip_address"] or None
    if reset(username=username, ip=address):
        messages.success(
            request,
            _("%(username)s can log in again from %(address)s.")
            % {"username": username, "address": address or "—"},
        )
    else:
        messages.error(request, _("Nothing to unlock: that lock-out has already ended."))
    return redirect("director-lockouts")
