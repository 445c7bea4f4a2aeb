"""The local mailbox's pages: parse, call one service, render. Mounted only when LOCAL_MAILBOX
is on (the embedded default); every view answers 404 otherwise, as a second lock."""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_POST

from localmail import services
from localmail.models import LocalMail

# The email's own HTML is shown in a sandboxed frame: no scripts, no forms, no requests out.
EMAIL_HTML_POLICY = (
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'"
)


def local_only(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not settings.LOCAL_MAILBOX:
            raise Http404("The local mailbox exists only in the embedded default.")
        return view(request, *args, **kwargs)

    return wrapper


@local_only
def mailbox(request):
    address = request.GET.get("to", "").strip().lower() or None
    context = {
        "mailboxes": services.mailboxes(),
        "address": address,
        "mails": services.messages_to(address),
    }
    return render(request, "localmail/mailbox.html", context)


@local_only
def message(request, pk: int):
    mail = get_object_or_404(LocalMail, pk=pk)
    shown = services.show(mail)
    address = request.GET.get("to", "").strip().lower()
    sender = address if address in [r.lower() for r in mail.recipients] else mail.recipients[0]
    context = {"shown": shown, "sender": sender, "address": address}
    return render(request, "localmail/message.html", context)


@local_only
@xframe_options_sameorigin
def message_html(request, pk: int):
    shown = services.show(get_object_or_404(LocalMail, pk=pk))
    response = HttpResponse(shown.html or "", content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = EMAIL_HTML_POLICY
    return response


@local_only
@require_POST
def reply(request, pk: int):
    mail = get_object_or_404(LocalMail, pk=pk)
    sender = request.POST.get("sender", "")
    back = reverse("localmail:message", args=[pk]) + "?" + urlencode({"to": sender})
    try:
        delivery = services.reply(mail, sender=sender, text=request.POST.get("text", ""))
    except services.ReplyRefused as refusal:
        messages.error(request, str(refusal))
        return redirect(back)
    if delivery.accepted:
        messages.success(
            request,
            gettext("Reply delivered to the game's mail server (it answered “%(answer)s”).")
            % {"answer": delivery.answer},
        )
        return redirect(reverse("localmail:mailbox") + "?" + urlencode({"to": sender}))
    messages.error(
        request,
        gettext("The game's mail server refused the reply: “%(answer)s”.")
        % {"answer": delivery.answer},
    )
    return redirect(back)
