"""The docs pages load nothing from a CDN: Swagger UI and ReDoc are our static files (D7)."""

import re

import pytest
from django.contrib.staticfiles import finders
from rest_framework.test import APIClient


@pytest.mark.parametrize("page", ["/api/v1/docs/", "/api/v1/redoc/"])
def test_the_docs_pages_load_only_our_own_static_files(db, page):
    html = APIClient().get(page, HTTP_ACCEPT="text/html").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css|png))"', html)
    assert assets, html
    for asset in assets:
        assert asset.startswith("/static/"), asset
        assert finders.find(asset.removeprefix("/static/")), asset
    assert "cdn" not in html.lower() and "https://" not in html
