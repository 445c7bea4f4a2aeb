"""The API's JSON renderer: error bodies go out as application/problem+json.

The content type follows the renderer rather than being forced onto the response, so the
browsable API (chosen for a browser's `Accept: text/html`) renders its errors as HTML pages
instead of showing their HTML source as problem+json.
"""

from rest_framework.renderers import JSONRenderer

from common.problems import PROBLEM_CONTENT_TYPE


class ProblemJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        context = renderer_context or {}
        response = context.get("response")
        # The browsable API renders its JSON through this renderer too: only the answer that
        # was negotiated as JSON gets the problem type.
        negotiated = getattr(context.get("request"), "accepted_renderer", None)
        if response is not None and response.status_code >= 400 and negotiated is self:
            response["Content-Type"] = PROBLEM_CONTENT_TYPE
        return super().render(data, accepted_media_type, renderer_context)
