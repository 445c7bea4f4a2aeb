"""Answer links' pages: parse the token → one call → render. GET shows, POST decides."""

from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from mailplay import links

STATUS = {"invalid": 404, "refused": 409}


# The signed link is the credential (it names one player, one prompt and one option), as for
# unsubscribe links: there is no session to protect with CSRF.
@method_decorator([csrf_exempt, never_cache], name="dispatch")
class AnswerView(View):
    def get(self, request, token):
        return _render(request, links.link_read(token))

    def post(self, request, token):
        return _render(request, links.link_answer(token))


def _render(request, page: links.LinkPage):
    return render(
        request, "mailplay/answer_page.html", {"page": page}, status=STATUS.get(page.state, 200)
    )
