"""`runserver` on a server that sends each response at once (khora_site.servers).

Serves static files as django.contrib.staticfiles' `runserver` does; this command is found
first because khora_site comes before django.contrib.staticfiles in INSTALLED_APPS.
"""

from django.contrib.staticfiles.management.commands.runserver import (
    Command as StaticFilesRunserver,
)

from khora_site.servers import NoDelayWSGIServer


class Command(StaticFilesRunserver):
    server_cls = NoDelayWSGIServer
