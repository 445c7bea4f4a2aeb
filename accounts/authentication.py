"""The last authentication class: an Authorization header nobody accepted is refused.

Without it a header in another scheme (`Token <key>`, the DRF habit, or `Basic`) was ignored
and the request served as a spectator's: `"prompt": null`, so a client concluded it was never
its turn.
"""

from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

BEARER_HINT = "Send 'Authorization: Bearer <token>' (get one from POST /api/v1/auth/token/)."


class UnacceptedAuthorization(exceptions.AuthenticationFailed):
    carries_hint = True  # its message already says what to send


class RefuseUnacceptedAuthorization(BaseAuthentication):
    def authenticate(self, request):
        header = get_authorization_header(request)
        if not header:
            return None
        scheme = header.split()[0].decode("latin-1") if header.split() else ""
        if scheme.lower() == "bearer":
            raise UnacceptedAuthorization(f"The Bearer header carries no token. {BEARER_HINT}")
        raise UnacceptedAuthorization(
            f"The Authorization scheme {scheme!r} is not accepted here. {BEARER_HINT}"
        )

    def authenticate_header(self, request):
        return 'Bearer realm="api"'
