"""Chunks of work on a Dask cluster (`simulate --scheduler tcp://HOST:8786`): one machine's
`--jobs` is not enough for a balance sweep with the Hard AI.

Dask's `distributed` scheduler does the dispatch, the bookkeeping and the rerunning of the
work of a lost worker; this module only connects, checks that every worker runs the same
project version as this machine, sends the run's shared data once per worker and hands back
the results chunk by chunk, each task's result once. It knows nothing of duels: the caller
gives the function (`game.designer.sim.play_tasks`), the shared payload and the task keys.

Dask is an optional extra (requirements-cluster.txt), imported only here and only when a
scheduler is asked for. docs/cluster.md says how to start a scheduler and workers.
"""

from __future__ import annotations

import functools
import hashlib
import uuid
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any, TypeVar

EXTRA = "requirements-cluster.txt"
CONNECT_SECONDS = 30  # to reach the scheduler
WORKER_WAIT_SECONDS = 60  # for a first worker to join
# no chunk finished in this long: the run has stalled (a chunk is at most 8 duels; eight
# Hard duels on a loaded core take about a quarter of this)
STALL_SECONDS = 1800.0

K = TypeVar("K", bound=Hashable)  # a task's key
R = TypeVar("R")  # a task's result
Fingerprint = tuple[tuple[str, str], ...]  # (what, hash): card set, rules, code


class ClusterError(RuntimeError):
    """The cluster cannot run this work; the message is one line that says why."""


def import_distributed() -> Any:
    """The `distributed` package, or a ClusterError naming the file that installs it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"a Dask scheduler needs the cluster extra: "
                           f"pip install -r {EXTRA}") from None
    return distributed


def _digest(text: str | bytes) -> str:
    data = text.encode() if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()[:16]


def _code_digest() -> str:
    """Every module of the game except the window's (game/ui): the engine, the AI and the
    simulator that decide a duel's outcome."""
    from game.files.resources import SOURCE_ROOT

    game = SOURCE_ROOT / "game"
    h = hashlib.sha256()
    for path in sorted(game.rglob("*.py")):
        rel = path.relative_to(game)
        if rel.parts[0] == "ui" or "__pycache__" in rel.parts:
            continue
        h.update(rel.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


@functools.cache
def project_fingerprint() -> Fingerprint:
    """Hashes of this installation's card set, shipped rules file and game code: two
    machines with the same fingerprint play the same duel the same way. Computed once per
    process; a set that does not load hashes as its error, so it differs."""
    from game.cards import load_card_set
    from game.rules.file import load_rules

    out = []
    loads: tuple[tuple[str, Callable[[], str]], ...] = (
        ("card set", lambda: repr(sorted(load_card_set().items()))),
        ("rules", lambda: repr(load_rules())), ("code", _code_digest))
    for what, load in loads:
        try:
            out.append((what, _digest(load())))
        except Exception as exc:  # any failure is a difference, reported by name below
            out.append((what, f"unreadable ({type(exc).__name__})"))
    return tuple(out)


def differences(theirs: Fingerprint, mine: Fingerprint) -> list[str]:
    """Which parts of a worker's fingerprint differ from this machine's."""
    have = dict(theirs)
    return [what for what, value in mine if have.get(what) != value]


def _refusal(bad: dict[str, str]) -> ClusterError:
    named = "; ".join(f"{who} ({why})" for who, why in sorted(bad.items()))
    return ClusterError(f"refused machines running another project version (install this "
                        f"commit on them, docs/cluster.md): {named}")


def _why(theirs: Any, mine: Fingerprint) -> str:
    """'' for a fingerprint like ours, else what differs (or why there is none)."""
    if isinstance(theirs, BaseException):
        return f"cannot load the project: {type(theirs).__name__}"
    diff = differences(theirs, mine)
    return f"{', '.join(diff)} differ" if diff else ""


def check_workers(client: Any, mine: Fingerprint | None = None) -> None:
    """Refuse the run if the scheduler or any worker has a card-set, rules or code hash
    that differs from ours, naming every such machine (workers that join later are checked
    by their first task). The scheduler unpickles the tasks, so it imports `game` too."""
    mine = project_fingerprint() if mine is None else mine
    try:
        at_scheduler = client.run_on_scheduler(project_fingerprint)
    except Exception as exc:  # it could not even import the project's code
        raise ClusterError(f"the scheduler cannot load this project ({type(exc).__name__}: "
                           f"{' '.join(str(exc).split())}): start it in a checkout of this "
                           f"commit with PYTHONPATH set to it (docs/cluster.md)") from None
    theirs = client.run(project_fingerprint, on_error="return")
    bad = {addr: why for addr, fp in theirs.items() if (why := _why(fp, mine))}
    if why := _why(at_scheduler, mine):
        bad[f"the scheduler {client.scheduler.address}"] = why
    if bad:
        raise _refusal(bad)


def _run_chunk(fn: Callable[[Any, Sequence[K]], list[tuple[K, R]]], payload: Any,
               chunk: Sequence[K], mine: Fingerprint) -> list[tuple[K, R]]:
    """A task: check this worker once more (it may have joined after the run started), then
    do the chunk."""
    why = _why(project_fingerprint(), mine)
    if why:
        from distributed import get_worker

        raise _refusal({get_worker().address: why})
    return fn(payload, chunk)


def _stalled(seconds: float, pending: int, total: int, address: str) -> str:
    return (f"no chunk of work finished in {seconds:g} s ({pending} of {total} chunks still "
            f"out): the cluster at {address} has stalled (a worker may be stuck; its logs "
            f"say why); stopped")


def run_on_cluster(address: str, fn: Callable[[Any, Sequence[K]], list[tuple[K, R]]],
                   payload: Any, tasks: Sequence[K],
                   chunk_size: Callable[[int, int], int],
                   stall_seconds: float = STALL_SECONDS) -> Iterator[tuple[K, R]]:
    """Yield `(task, result)` for every task, in the order chunks finish, each task once.

    `fn(payload, chunk)` runs on a worker and returns `[(task, result), ...]` for its chunk;
    `payload` is scattered to every worker once (broadcast), the chunks travel alone.
    `chunk_size(tasks, worker_threads)` sizes the chunks. A worker lost mid-run has its
    chunks rerun on the others by the scheduler (up to its `allowed-failures`); an exception
    raised by `fn` is not retried (a duel is deterministic: it would fail again). When no
    chunk finishes for `stall_seconds`, the run stops with a ClusterError that says so,
    rather than waiting forever on a cluster that lost track of its work."""
    distributed = import_distributed()
    mine = project_fingerprint()
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                           f"{' '.join(str(exc).split())}") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
        except TimeoutError:
            raise ClusterError(f"no worker joined the scheduler at {address} within "
                               f"{WORKER_WAIT_SECONDS} s (docs/cluster.md)") from None
        check_workers(client, mine)
        threads = sum(client.nthreads().values())
        size = chunk_size(len(tasks), threads)
        chunks = [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]
        [shared] = client.scatter([payload], broadcast=True, hash=False)
        token = uuid.uuid4().hex[:12]
        futures = [client.submit(_run_chunk, fn, shared, chunk, mine,
                                 key=f"phantom-{token}-{k}", retries=0)
                   for k, chunk in enumerate(chunks)]
        seen: set[K] = set()
        order = {fut.key: k for k, fut in enumerate(futures)}
        pending = set(futures)
        try:
            while pending:
                try:
                    with client.as_current():  # `wait` asks for the current client
                        done, pending = distributed.wait(pending, timeout=stall_seconds,
                                                         return_when="FIRST_COMPLETED")
                except TimeoutError:
                    raise ClusterError(_stalled(stall_seconds, len(pending), len(futures),
                                                address)) from None
                for fut in sorted(done, key=lambda f: order[f.key]):
                    for task, result in fut.result():
                        if task not in seen:  # each task counted once, however often it ran
                            seen.add(task)
                            yield task, result
        except distributed.CancelledError as exc:  # e.g. the scheduler forgot them
            raise ClusterError(f"the scheduler dropped chunks of this run "
                               f"({' '.join(str(exc).split())}); stopped") from None
        except distributed.KilledWorker as exc:
            raise ClusterError(f"{exc.allowed_failures + 1} workers in a row died running "
                               f"the same chunk of duels (the last: "
                               f"{getattr(exc.last_worker, 'address', '?')}); stopped") from None
        finally:
            client.cancel(futures)
        missing = len(set(tasks) - seen)
        if missing:
            raise ClusterError(f"{missing} tasks came back from no worker")
