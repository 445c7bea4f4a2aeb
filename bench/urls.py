"""The product's URLs, with the bare reference endpoint in front of the API's catch-all."""

from django.urls import path

from bench.bare.views import BareDecisionView
from khora_site.urls import urlpatterns as product_urlpatterns

urlpatterns = [
    path("bench/bare-decisions/", BareDecisionView.as_view(), name="bench-bare-decisions"),
    *product_urlpatterns,
]
