"""Event streams (issue 39): idle streams, one change to many readers, one address's flood.

What 2,000 idle streams cost one uvicorn process, how long one change takes to reach the last
of 500 readers, and what one client address asking for 1,000 streams gets and costs others.

    python -m bench.streams [--part idle|fanout|flood|all] [--streams 2000] [--readers 500]
                            [--flood 1000] [--server-env NAME=VALUE ...] [--database-url ...]

Needs PostgreSQL and Redis (see bench/README.md), and uvicorn and gunicorn (the prod extra).
Each part starts its own uvicorn process serving khora_site.asgi, as production serves the
streams (`GET /api/v1/games/{id}/stream/`, Server-Sent Events), and reads every stream through
one selector thread of this process on plain non-blocking sockets. Changes are decisions of
2-player games (every seat a human), committed through the services in this process, as a
request would, except in part C where they are real `POST games/{id}/decisions/` requests.
This process runs with `CELERY_TASK_ALWAYS_EAGER=false`, as a web server does: a decision that
leaves the game waiting on chance only enqueues the advance (to the bench's own Redis database,
where no worker takes it), and the benchmark then advances the game itself, untimed, and waits
until every stream has the advance's entries before the next change. (Eager, the advance ran
inside the decision's commit hooks, before the decision's notice was published.)

When a stream received an entry is the kernel's receive timestamp of the segment that carried
it (SO_TIMESTAMPNS, read with recvmsg), compared with `time.time()` taken in the first hook
after the decision's commit: what this process's own reading of 500 sockets costs (the
selector thread, the interpreter's lock) does not count as delivery. Where the kernel gives no
timestamp the moment of the read is used, and the result says so.

Parts, each against a reference measured in the same run:

- `idle` (A, idle.py): what 2,000 idle streams cost the server, in memory and CPU.
- `fanout` (B, fanout.py): how long one change takes to reach the last of 500 readers.
- `flood` (C, flood.py): what one address asking for 1,000 streams gets and costs others.

Each part's module says what it measures, against what, and its targets.

Every part also reports the CPU its time went to (the uvicorn process, the bench's gunicorn
workers, the PostgreSQL backends of the bench's database, this process, and "others": the
rest of the machine, from /proc/stat), and what uvicorn logged (to a temporary file; Django
logs each 4xx answer as a warning).

Writes bench/results/streams_<part>.json.

The modules: `__main__` is the command (its options, the parts in turn, the results written to
bench/results/streams_<part>.json); `client` the raw stream clients (plain sockets read by one
epoll thread, arrivals stamped with the kernel's receive time); `server` the uvicorn process
measured and its environment; `resources` a process's memory and CPU, and where a phase's CPU
went; `games` the players, games and decisions whose entries the streams carry; `figures` how
samples are summarised and targets judged.
"""
