"""The raw stream clients: Server-Sent Events requested on plain sockets, the open ones read by
one epoll thread, each arrival stamped with the kernel's receive time of its segment."""

from __future__ import annotations

import contextlib
import select
import socket
import struct
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)  # Linux's number; Python names it late
TIMESTAMP_SPACE = socket.CMSG_SPACE(16)  # struct timespec
SETTLE_TIMEOUT = 60.0  # seconds to wait for a change to reach every reader


@dataclass(eq=False)
class Stream:
    sock: socket.socket
    group: str
    track: bool  # keep the ids it receives, with when
    pending: bytes = b""  # its unfinished line
    ids: list[tuple[int, float]] = field(default_factory=list)
    max_id: int = -1
    closed_by_server: bool = False

    def note(self, data: bytes, moment: float) -> None:
        *lines, self.pending = (self.pending + data).split(b"\n")
        for line in lines:
            if line.startswith(b"id: "):
                seq = int(line[4:].strip())
                self.ids.append((seq, moment))
                self.max_id = max(self.max_id, seq)

    def reached(self, seq: int) -> float | None:
        """When this stream first had an entry with id ≥ seq."""
        for seen, moment in self.ids:
            if seen >= seq:
                return moment
        return None


@dataclass
class Answer:
    """What the server answered a stream request: a status and its headers, or an error."""

    status: int | None = None
    headers: dict[str, str] = field(default_factory=dict)
    error: str = ""
    stream: Stream | None = None
    body: bytes = b""  # a refusal's body (its start)


class Reader:
    """Every open stream, read by one thread through epoll. A stream's arrivals are the
    kernel's receive timestamps (SO_TIMESTAMPNS) when it gives them, else the read's time."""

    def __init__(self, port: int):
        self.port = port
        self.groups: dict[str, list[Stream]] = {}
        self.received_bytes = 0
        self.kernel_timestamps = 0
        self.read_timestamps = 0
        self._by_fd: dict[int, Stream] = {}
        self._epoll = select.epoll()
        self._lock = threading.Lock()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, daemon=True, name="bench-reader")
        self._thread.start()

    def request(self, path: str, headers: dict[str, str], group: str, track: bool) -> Answer:
        """Ask for a stream; a 200 stays open and is read from now on, anything else is read
        to its end (its headers kept) and closed."""
        answer = Answer()
        sock = None
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
            with contextlib.suppress(OSError):  # then the read's time is used
                sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            lines = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{lines}\r\n".encode())
            received = b""
            while b"\r\n\r\n" not in received:
                chunk = sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed before the response's headers")
                received += chunk
            head, _, rest = received.partition(b"\r\n\r\n")
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            answer.status = int(status_line.split(" ", 2)[1])
            for line in header_lines:
                name, _, value = line.partition(":")
                answer.headers[name.strip().lower()] = value.strip()
        except (OSError, ValueError, IndexError) as failed:
            answer.error = repr(failed)
            if sock is not None:
                sock.close()
            return answer
        if answer.status != 200:
            self._finish(sock, answer, rest)
            return answer
        stream = Stream(sock, group, track)
        stream.note(rest, time.time())
        sock.setblocking(False)
        with self._lock:
            self.groups.setdefault(group, []).append(stream)
            self._by_fd[sock.fileno()] = stream
            self._epoll.register(sock.fileno(), select.EPOLLIN)
        answer.stream = stream
        return answer

    def request_many(
        self, paths: list[str], headers: dict[str, str], group: str, track: bool, threads: int
    ) -> list[Answer]:
        if threads <= 1:
            return [self.request(path, headers, group, track) for path in paths]
        with ThreadPoolExecutor(threads) as pool:
            return list(pool.map(lambda path: self.request(path, headers, group, track), paths))

    @staticmethod
    def _finish(sock: socket.socket, answer: Answer, rest: bytes) -> None:
        """Read a refusal's body (its Content-Length) so the server finishes it, then close."""
        try:
            length = int(answer.headers.get("content-length", "0"))
            while len(rest) < length:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                rest += chunk
        except OSError as failed:
            answer.error = repr(failed)
        finally:
            sock.close()
        answer.body = rest[:500]

    def open_in(self, group: str) -> list[Stream]:
        return [s for s in self.groups.get(group, []) if not s.closed_by_server]

    def close_group(self, group: str) -> None:
        with self._lock:
            for stream in self.groups.pop(group, []):
                if self._by_fd.pop(stream.sock.fileno(), None) is not None:
                    self._epoll.unregister(stream.sock)
                stream.sock.close()

    def close_all(self) -> None:
        for group in list(self.groups):
            self.close_group(group)

    def stop(self) -> None:
        self.close_all()
        self._stopped = True
        self._thread.join(timeout=2)

    def wait_for(self, group: str, seq: int, timeout: float = SETTLE_TIMEOUT) -> bool:
        """Until every open stream of the group has an entry with id ≥ seq."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            streams = self.open_in(group)
            if not streams:
                return False
            if all(s.max_id >= seq for s in streams):
                return True
            # Arrivals are the kernel's timestamps: checking more often changes no figure,
            # only takes the cores from the server.
            time.sleep(0.001 if len(streams) < 50 else 0.005)
        return False

    def _run(self) -> None:
        while not self._stopped:
            ready = self._epoll.poll(0.2)
            with self._lock:
                for fd, _ in ready:
                    stream = self._by_fd.get(fd)
                    if stream is not None:
                        self._read(fd, stream)

    def _read(self, fd: int, stream: Stream) -> None:
        try:
            data, ancillary, _, _ = stream.sock.recvmsg(65536, TIMESTAMP_SPACE)
        except BlockingIOError:
            return
        except OSError:
            data, ancillary = b"", []
        if not data:  # the server ended it
            stream.closed_by_server = True
            self._epoll.unregister(fd)
            del self._by_fd[fd]
            stream.sock.close()
            return
        self.received_bytes += len(data)
        moment = None
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(payload) >= 16:
                seconds, nanoseconds = struct.unpack("qq", payload[:16])
                moment = seconds + nanoseconds / 1e9
        if moment is None:
            moment = time.time()
            self.read_timestamps += 1
        else:
            self.kernel_timestamps += 1
        if stream.track:
            stream.note(data, moment)

    def timestamps(self) -> str:
        if self.read_timestamps == 0:
            return "kernel receive timestamps"
        return (
            f"kernel receive timestamps for {self.kernel_timestamps} reads, the read's time "
            f"for {self.read_timestamps}"
        )


def tally(answers: list[Answer]) -> dict:
    """Counts of a batch of stream requests' answers, and the first of each kind of failure."""
    statuses = Counter(str(a.status) for a in answers if a.status is not None)
    refusals = [a for a in answers if a.status == 429]
    errors = [a.error for a in answers if a.status is None]
    others = [a for a in answers if a.status not in (None, 200, 429)]
    return {
        "asked": len(answers),
        "statuses": dict(sorted(statuses.items())),
        "opened": statuses.get("200", 0),
        "refused_429": len(refusals),
        "refused_429_with_retry_after": sum("retry-after" in a.headers for a in refusals),
        "refused_429_problem_json": sum(
            a.headers.get("content-type", "").startswith("application/problem+json")
            for a in refusals
        ),
        "retry_after_values": sorted({a.headers["retry-after"] for a in refusals
                                      if "retry-after" in a.headers})[:5],
        "other_statuses": len(others),
        "connection_errors": len(errors),
        "first_other_status": (
            [others[0].status, others[0].headers, others[0].body.decode(errors="replace")]
            if others
            else None
        ),
        "first_connection_error": errors[0] if errors else None,
    }  # fmt: skip


def stream_path(game) -> str:
    return f"/api/v1/games/{game.public_id}/stream/"
