"""The game page's forms for long games among people (absences/): proposing, accepting and
declining a pause, nudging a player; and the holidays page (absences announced, the bank).

Each form works as a plain POST (redirect back) and with htmx (the table comes back at once),
as the game page's other forms; the services say why a request is refused.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.defaultfilters import date as date_filter
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from common.errors import DomainError
from games.absences import holidays, nudges, pauses, substitutes
from games.absences.bank import set_automatic
from web.forms import Form
from web.views.game import _after_write


def _refusal(error: DomainError) -> str:
    if isinstance(error, pauses.PauseProposedRecently):
        # Shown to the minute, rounded up: never a time at which it would still be refused.
        # In the player's own time zone (web.middleware activates it), as every time on the page.
        when = timezone.localtime(error.available_at + timedelta(seconds=59, microseconds=999_999))
        limit = error.limit
        return ngettext(
            "You may propose at most %(n)d pause a day in this game; you can propose again "
            "from %(when)s.",
            "You may propose at most %(n)d pauses a day in this game; you can propose again "
            "from %(when)s.",
            limit,
        ) % {"n": limit, "when": date_filter(when.replace(second=0, microsecond=0), "D j M H:i")}
    friendly = {
        "not_seated": _("Only the players seated in this game can do that."),
        "pause_open": _("A pause is already proposed or running in this game."),
        "no_pause": _("No pause is proposed or running in this game."),
        "pause_running": _("The pause is running; to end it early, every player agrees."),
        "nothing_owed": _("This player owes no answer now."),
        "nudged_recently": _("You nudged this player less than a day ago; try again later."),
        "game_not_active": _("Only a game in progress can be paused or nudged."),
        "invite_not_found": _("This invitation is unknown or was used already."),
        "already_seated": _("You already have a seat in this game."),
        "seat_not_bot_played": _("No bot plays that seat any more."),
        "too_many_invites": _(
            "You have made as many substitute invitations as you may in a day; try again later."
        ),
        "player_not_found": _("There is no player of that name."),
        "invitee_invited_enough": _(
            "That player cannot be sent another invitation today. Make the link without a "
            "name and pass it on yourself, or try again tomorrow."
        ),
    }
    return friendly.get(error.code) or error.message


def _act(request, public_id: str, action, done: str = ""):
    try:
        action()
    except DomainError as error:
        if error.status == 404:
            raise Http404 from None
        return _after_write(request, public_id, _refusal(error))
    return _after_write(request, public_id, notice=done)


@login_required
@require_POST
def pause_propose(request, public_id: str):
    try:
        days = int(request.POST.get("days", ""))
    except ValueError:
        return _after_write(request, public_id, _("Say for how many days."))
    return _act(
        request,
        public_id,
        lambda: pauses.propose(public_id=public_id, user=request.user, days=days),
        _("Pause proposed: the other players are asked."),
    )


@login_required
@require_POST
def pause_accept(request, public_id: str):
    return _act(request, public_id, lambda: pauses.accept(public_id=public_id, user=request.user))


@login_required
@require_POST
def pause_decline(request, public_id: str):
    return _act(request, public_id, lambda: pauses.decline(public_id=public_id, user=request.user))


@login_required
@require_POST
def nudge(request, public_id: str):
    try:
        seat = int(request.POST.get("seat", ""))
    except ValueError:
        return _after_write(request, public_id, _("Choose whom to nudge."))
    return _act(
        request,
        public_id,
        lambda: nudges.nudge(public_id=public_id, user=request.user, seat=seat),
        _("Nudged: they get one email."),
    )


class AbsenceForm(Form):
    starts_on = forms.DateField(
        label=gettext_lazy("Away from"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(
        label=gettext_lazy("Back on"), widget=forms.DateInput(attrs={"type": "date"})
    )


@login_required
@require_http_methods(["GET", "POST"])
def holidays_page(request):
    """Your holiday bank, your absences to come, and a form to announce one (the dates are
    whole days in your time zone: away from the first's midnight to the second's)."""
    form = AbsenceForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        zone = timezone.get_current_timezone()
        starts = datetime.combine(form.cleaned_data["starts_on"], time(), zone)
        ends = datetime.combine(form.cleaned_data["ends_on"], time(), zone)
        try:
            holidays.announce(user=request.user, starts_at=starts, ends_at=ends)
        except DomainError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Absence announced: your games' deadlines wait for you."))
            return redirect("web:holidays")
    return render(
        request,
        "web/holidays.html",
        {"form": form, "bank": holidays.holidays_summary(request.user)},
    )


@login_required
@require_POST
def holiday_cancel(request, absence_id: int):
    try:
        holidays.cancel(user=request.user, absence_id=absence_id)
    except DomainError as error:
        messages.error(request, error.message)
    return redirect("web:holidays")


@login_required
@require_POST
def holiday_automatic(request):
    set_automatic(request.user.pk, request.POST.get("automatic") == "on")
    return redirect("web:holidays")


@login_required
@require_POST
def substitute_invite(request, public_id: str, position: int):
    """A link for someone to take over a seat a bot plays, and with a username an email to
    them; the page confirms it and keeps the link listed while it is open (to copy again)."""
    username = request.POST.get("username", "").strip()
    try:
        record = substitutes.invite(
            public_id=public_id, user=request.user, position=position, username=username
        )
    except DomainError as error:
        if error.status == 404 and error.code != "player_not_found":
            raise Http404 from None
        return _after_write(request, public_id, _refusal(error))
    if record.invitee is not None:
        done = _("Invitation sent to %(name)s by email; the link is below to pass on too.") % {
            "name": record.invitee.username
        }
    else:
        done = _("Invitation made: send the link below to the player who will take the seat.")
    return _after_write(request, public_id, notice=done)


@login_required
@require_http_methods(["GET", "POST"])
def substitute_take(request, public_id: str, token: str):
    """The invitation's page: what taking the seat means, and the button that takes it."""
    if request.method == "POST":
        try:
            substitutes.accept(public_id=public_id, user=request.user, token=token)
        except DomainError as error:
            messages.error(request, _refusal(error))
        else:
            messages.success(request, _("The seat is yours: you play it from its open prompt on."))
        return redirect("web:game", public_id=public_id)
    return render(request, "web/substitute.html", {"public_id": public_id, "token": token})
