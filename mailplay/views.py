"""Answer links' pages: parse the token → one call → render. GET shows, POST decides."""

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.decorators import method_decorator
from django.utils.translation import gettext
from django.views import View
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from mailplay import links, replies
from notifications.emails import game_name
from notifications.selectors import language_of

STATUS = {"invalid": 404, "refused": 409}
# The web's own session login, as its single-use login links do.
BACKEND = "django.contrib.auth.backends.ModelBackend"


# The signed link is the credential (it names one player, one prompt and one option), as for
# unsubscribe links: there is no session to protect with CSRF.
@method_decorator([csrf_exempt, never_cache], name="dispatch")
class AnswerView(View):
    def get(self, request, token):
        return _render(request, links.link_read(token))

    def post(self, request, token):
        page = links.link_answer(token)
        if page.state != "taken":
            return _render(request, page)
        # The answer was taken: the player goes on at the table, logged in. A link decides at
        # most once (its prompt is answered after), so it logs in at most once, like the web's
        # single-use login links; a stale or refused link shows the page and logs no one in.
        login(request, page.user, backend=BACKEND)
        with translation.override(language_of(page.user)):
            messages.success(
                request, gettext("Answer taken: %(option)s") % {"option": page.option_label}
            )
        response = HttpResponseRedirect(reverse("web:game", args=[page.game.public_id]))
        response.status_code = 303  # after a POST, the browser GETs the game's page
        return response


def _render(request, page: links.LinkPage):
    # The link's player reads it in their own language, as in our emails, whoever's browser
    # opens it; a link naming no one is read in the browser's language.
    language = language_of(page.user) if page.user else translation.get_language()
    with translation.override(language):
        context = {
            "page": page,
            "language": language,
            "game_name": _game_name(page.game) if page.game else "",
            "problem": replies.problem_text(page.problem, page.problem_values),
        }
        return render(
            request, "mailplay/answer_page.html", context, status=STATUS.get(page.state, 200)
        )


def _game_name(game) -> str:
    return game_name(
        {"game_name": game.name, "creator": game.creator.username, "game_id": game.public_id}
    )
