"""Answer links' pages: parse the token → one call → render. GET shows, POST decides.

The link is a capability for one option of one prompt, never for the account: the POST
decides and shows the result, and whatever session the browser has (none, or another
player's) is left exactly as it was. The POST is accepted only from our own page: Django's
form token (CSRF) and, where the browser sends them, Origin and Sec-Fetch-Site. A foreign page
auto-posting a link is refused before anything is read.
"""

from django.http import HttpResponseForbidden
from django.shortcuts import render
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.translation import gettext
from django.views import View
from django.views.decorators.cache import never_cache

from games import naming
from mailplay import links, replies
from notifications.selectors import language_of
from web import services as web_services
from web import throttling

STATUS = {"invalid": 404, "refused": 409}
# What a browser's Sec-Fetch-Site says of a form on our own page ("none": typed or bookmarked).
OWN_PAGE = {"same-origin", "none"}


def from_own_page(request) -> bool:
    """False for a request another site made the browser send."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in OWN_PAGE:
        return False
    origin = request.headers.get("Origin")
    return origin is None or origin == f"{request.scheme}://{request.get_host()}"


def _foreign(request):
    return HttpResponseForbidden(
        gettext("This answer can only be sent from its own page on this site."),
        content_type="text/plain; charset=utf-8",
    )


@method_decorator(never_cache, name="dispatch")
class AnswerView(View):
    def get(self, request, token):
        return _render(request, links.link_read(token))

    def post(self, request, token):
        if not from_own_page(request):
            return _foreign(request)
        return _render(request, links.link_answer(token))


@never_cache
def login_link_request(request, token):
    """The link's player asks for a login link by email (it goes to their own inbox)."""
    if request.method != "POST" or not from_own_page(request):
        return _foreign(request)
    page = links.link_read(token)
    if page.user is not None:
        web_services.login_link_send(user=page.user, next_path=f"/games/{page.game.public_id}/")
    page.login_link_sent = page.user is not None
    return _render(request, page)


login_link_request = throttling.account_recovery(login_link_request)


def _render(request, page: links.LinkPage):
    # The link's player reads it in their own language, as in our emails, whoever's browser
    # opens it; a link naming no one is read in the browser's language.
    language = language_of(page.user) if page.user else translation.get_language()
    with translation.override(language):
        context = {
            "page": page,
            "language": language,
            "token": request.resolver_match.kwargs.get("token", ""),
            "game_name": _game_name(page.game) if page.game else "",
            "problem": replies.problem_text(page.problem, page.problem_values),
        }
        return render(
            request, "mailplay/answer_page.html", context, status=STATUS.get(page.state, 200)
        )


def _game_name(game) -> str:
    return naming.game_title(game)
