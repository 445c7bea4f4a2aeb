"""Run the receiving SMTP server for replies: `manage.py receive_mail --port 2525`."""

import signal
import threading

from django.core.management.base import BaseCommand

from mailplay.receiver import controller


class Command(BaseCommand):
    help = "Receive players' replies over SMTP (for the domain's MX, or a relay's forward)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
        parser.add_argument("--port", type=int, default=2525, help="port to listen on")

    def handle(self, *args, host, port, **options):
        server = controller(host, port)
        server.start()
        self.stdout.write(f"Receiving replies on {host}:{port}", ending="\n")
        self.stdout.flush()
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        stop.wait()
        server.stop()
