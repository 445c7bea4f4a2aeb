"""Three players play a whole game only by replying to the emails they receive.

The real parts: PostgreSQL, Redis, a Celery worker, an SMTP sink for what the server sends,
and our receiving SMTP server (`manage.py receive_mail`) for what players send back. A mailbox
client per player reads each message from the sink and replies over SMTP to the receiver,
every reply twice, as a flaky relay would deliver it.
"""

from __future__ import annotations

import random
import re
import smtplib
import subprocess
import sys
import time
from collections import Counter
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr

import pytest

from games.models import Game, GameEvent
from mailplay.models import InboundMessage
from notifications.mail_tokens import TALK, reply_token
from tests.integration.conftest import ROOT, Worker, _free_port, wait_for
from tests.players import start_game

OPTION = re.compile(r"^  (\d+)\. ", re.MULTILINE)


class Receiver:
    """`manage.py receive_mail` in its own process, on the test database and broker."""

    def __init__(self, smtp_port: int, log_path):
        self.port = _free_port()
        # The worker's environment: the same database, broker, SMTP server and site.
        # A whole game in a minute is far above a person's pace: lift the per-sender cap
        # (tests/mailplay/test_receiver_caps.py tests it).
        extra = {"MAILPLAY_MAX_MESSAGES_PER_SENDER": "100000"}
        self.env = Worker(smtp_port, extra, log_path, []).env
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "receive_mail", "--port", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdout=self.log_path.open("a"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and self.process.poll() is None:
            if "Receiving replies" in self.log_path.read_text():
                return
            time.sleep(0.1)
        raise RuntimeError(f"receive_mail did not start:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=15)


@pytest.fixture
def receiver(smtp, tmp_path):
    running = Receiver(smtp.port, tmp_path / "receiver.log")
    running.start()
    yield running
    running.stop()


def asks(message) -> bool:
    """Whether the email's reply address answers a prompt, not the table's talk address: its
    token (`play+<user>.<game>.<prompt>.<mac>@…`) names a prompt other than TALK. Read here
    without the server's settings (a layout's processes have their own reply domain)."""
    local = parseaddr(str(message["Reply-To"] or ""))[1].partition("@")[0]
    token = local.partition("+")[2].split(".")
    return len(token) == 4 and token[2] != TALK


def plain_text(message) -> str:
    return message.get_body(("plain",)).get_content()


class Mailbox:
    """One player's inbox on the sink, and their mail client's replies."""

    def __init__(self, address: str, sink, receiver_port: int, rng: random.Random):
        self.address = address
        self.sink = sink
        self.port = receiver_port
        self.rng = rng
        self.read = 0
        self.answered: set[str] = set()
        self.sent: list[str] = []

    def inbox(self) -> list:
        return [m for m in self.sink.messages if parseaddr(str(m["To"]))[1] == self.address]

    def reply_to_newest_question(self) -> bool:
        """Reply to the newest message that asks something (its reply address names a prompt
        and it numbers the options: an email that asks nothing takes a reply too, a line to the
        table, and the game's end numbers its places), once; True if a reply went."""
        asking = [m for m in self.inbox() if asks(m) and OPTION.search(plain_text(m))]
        if not asking or asking[-1]["Message-ID"] in self.answered:
            return False
        question = asking[-1]
        self.answered.add(question["Message-ID"])
        text = plain_text(question)
        count = len(OPTION.findall(text))
        self.send(question, str(self.rng.randint(1, count)), text)
        return True

    def send(self, question, answer: str, quoted: str) -> None:
        reply = EmailMessage()
        reply["From"] = self.address
        reply["To"] = str(question["Reply-To"])
        reply["Subject"] = f"Re: {' '.join(str(question['Subject']).split())}"
        reply["Message-ID"] = make_msgid(domain="player.example")
        reply["In-Reply-To"] = question["Message-ID"]
        body = "\n".join(f"> {line}" for line in quoted.splitlines())
        reply.set_content(f"{answer}\n\nOn Monday, Khôra <khora@localhost> wrote:\n{body}\n")
        recipient = parseaddr(str(question["Reply-To"]))[1]
        with smtplib.SMTP("127.0.0.1", self.port, timeout=10) as client:
            for _ in range(2):  # delivered twice: the same Message-ID must count once
                client.send_message(reply, from_addr=self.address, to_addrs=[recipient])
        self.sent.append(reply["Message-ID"])


def test_three_players_play_a_whole_game_only_by_replying_to_their_emails(
    make_player, start_worker, smtp, receiver
):
    started = time.monotonic()
    # Players here answer within a second; holding "your turn" for active players (measured
    # in its own test) would only make this test wait.
    worker = start_worker(NOTIFY_ACTIVE_MINUTES="0")
    players = [make_player(name) for name in ("ann", "ben", "cyd")]
    rng = random.Random(12)
    boxes = [Mailbox(p.user.email, smtp, receiver.port, rng) for p in players]
    game = start_game(players)

    def over() -> bool:
        return Game.objects.get(pk=game.pk).status != Game.Status.ACTIVE

    last_progress = time.monotonic()
    while not over():
        replied = [box.reply_to_newest_question() for box in rng.sample(boxes, 3)]
        if any(replied):
            last_progress = time.monotonic()
        elif time.monotonic() - last_progress > 30:
            waiting = list(game.seats.values_list("position", "pending_prompt"))
            newest = [box.inbox()[-1].get_body(("plain",)).get_content()[:300] for box in boxes]
            # The worker's and the receiver's logs too: pytest keeps only its last few runs'
            # temporary directories, where they are.
            logs = [path.read_text()[-4000:] for path in (worker.log_path, receiver.log_path)]
            raise AssertionError(
                f"nobody was asked by email; seats: {waiting}; {newest}; logs: {logs}"
            )
        else:
            time.sleep(0.02)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    sent = [message_id for box in boxes for message_id in box.sent]
    wait_for(lambda: InboundMessage.objects.filter(status="done").count() == len(sent), timeout=30)
    rows = InboundMessage.objects.all()
    assert sorted(rows.values_list("message_id", flat=True)) == sorted(sent), "each stored once"
    outcomes = Counter(rows.values_list("outcome", flat=True))
    decisions = GameEvent.objects.filter(game=game, type="decision")
    assert not decisions.filter(auto=True).exists(), "no default was played for anyone"
    # Every decision of the game came from exactly one reply (a reply answers one prompt here).
    assert decisions.count() == outcomes["applied"]
    # A reply sent while the game was ending (a box answers an older question in the same round
    # of replies as the last decision) is answered "the game is over": only then.
    assert set(outcomes) <= {"applied", "stale", "game_over"}, outcomes
    late = rows.filter(outcome="game_over")
    assert all(row.processed_at >= game.finished_at for row in late), "over only once it was"

    def game_over_emails():
        return [m for m in smtp.messages if "is over" in str(m["Subject"])]

    deadline = time.monotonic() + 30
    while len(game_over_emails()) < 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    over_emails = sorted(parseaddr(str(m["To"]))[1] for m in game_over_emails())
    assert over_emails == sorted(box.address for box in boxes), "one 'game over' email each"
    print(
        f"\nwhole game by email: {decisions.count()} decisions from {len(sent)} replies "
        f"(each delivered twice), {len(smtp.messages)} emails sent, outcomes {dict(outcomes)}, "
        f"{time.monotonic() - started:.1f} s"
    )


def test_the_receiver_refuses_strangers_mailboxes_and_huge_mail_at_the_smtp_level(
    make_player, smtp, receiver
):
    with smtplib.SMTP("127.0.0.1", receiver.port, timeout=10) as client:
        code, _ = client.ehlo()
        assert code == 250
        client.mail("someone@example.com")
        code, text = client.rcpt("postmaster@localhost")
        assert code == 550 and b"only takes replies" in text  # never an open relay
        code, text = client.rcpt("play+1.1.p0-1.aaaaaaaaaaaaaaaa@localhost")
        assert code == 550 and b"not made by this server" in text  # a forged token: no DATA
        client.rset()
        huge = b"Subject: hi\r\n\r\n" + b"2\r\n" * 600_000
        with pytest.raises(smtplib.SMTPException) as refusal:
            client.sendmail(
                "ann@example.com", [f"play+{reply_token(1, 1, 'p0-1')}@localhost"], huge
            )
        assert "552" in str(refusal.value)
    assert not InboundMessage.objects.exists()
