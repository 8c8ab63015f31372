"""``simulate --dask ADDRESS``: the shards on a Dask distributed scheduler, or one line saying why
not, within a bounded time.

Before Dask is asked to connect, the address is read here (``tcp://HOST:PORT``, ``HOST:PORT`` or
``tls://HOST:PORT``) and, for tcp, the peer is asked for its first bytes: a Dask scheduler speaks
first (a length of a few hundred bytes, then its handshake), so a peer that stays silent for
``--dask-timeout`` seconds, closes at once, or answers otherwise (an HTTP or SSH server) is
refused here, before Dask would read its text as a length and try to allocate it. Then a
scheduler without workers is given ``--dask-wait`` seconds for one to join.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import socket
import time
from collections.abc import Callable, Iterator
from typing import Any, Final

from pontoon_cli.api.workers import Shards, Specs
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.stop import Interrupted
from pontoon_cli.simulation import run_shard

DASK_HINT: Final = "install it with: pip install distributed (Dask distributed, the dask extra)"
#: Shards submitted to the scheduler at a time: enough to keep a large cluster busy.
IN_FLIGHT: Final = 1024
#: Seconds to wait for the scheduler to answer (its handshake), unless --dask-timeout says.
CONNECT_TIMEOUT: Final = 10
#: Seconds to wait for a first worker to join a scheduler that has none, unless --dask-wait says.
WORKER_WAIT: Final = 60
#: The most a Dask scheduler's first message (its handshake) plausibly holds.
_MOST_HANDSHAKE: Final = 1 << 20
_ADDRESS: Final = re.compile(r"(?:(tcp|tls)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})")


class DaskError(PontoonError):
    """The scheduler cannot be used: not an address, not reachable, not Dask, no workers."""


def need_dask(address: str) -> None:
    """DaskError saying how to install Dask distributed, unless it is installed (the optional
    extra: only ``--dask`` imports it)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise DaskError(
            f"--dask {address}: Dask distributed is not installed; {DASK_HINT}"
        ) from None


def parse_address(address: str) -> tuple[str, str, int]:
    """``(scheme, host, port)`` of a scheduler's address; DaskError for anything else."""
    found = _ADDRESS.fullmatch(address)
    port = int(found.group(3)) if found else 0
    if found is None or not 0 < port < 65536:
        raise DaskError(
            f"--dask {address!r}: not a scheduler's address; expected tcp://HOST:PORT "
            "(or HOST:PORT, tls://HOST:PORT), e.g. tcp://127.0.0.1:8786"
        )
    return found.group(1) or "tcp", found.group(2).strip("[]"), port


def probe(address: str, host: str, port: int, timeout: float) -> None:
    """Connect to a tcp peer and read the first 8 bytes a Dask scheduler sends unasked (the
    length of its handshake); DaskError naming ``address`` when that is not what comes."""
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except TimeoutError:
        raise DaskError(f"--dask {address}: no connection within {timeout:g} s") from None
    except OSError as err:
        reason = err.strerror or str(err) or type(err).__name__
        raise DaskError(f"--dask {address}: cannot connect: {reason}") from None
    first = b""
    deadline = time.monotonic() + timeout
    with sock:
        while len(first) < 8:
            sock.settimeout(max(deadline - time.monotonic(), 0.001))
            try:
                chunk = sock.recv(8 - len(first))
            except TimeoutError:
                chunk = None
            except OSError as err:
                raise DaskError(f"--dask {address}: connection lost: {err.strerror}") from None
            if chunk is None:
                raise DaskError(
                    f"--dask {address}: the peer accepted the connection but sent nothing in "
                    f"{timeout:g} s (a Dask scheduler speaks first): not a Dask scheduler, or "
                    "a stalled one (see --dask-timeout)"
                )
            if not chunk:
                raise DaskError(
                    f"--dask {address}: the peer closed the connection without a word: not a "
                    "Dask scheduler"
                )
            first += chunk
    if not 0 < int.from_bytes(first, "little") <= _MOST_HANDSHAKE:
        raise DaskError(
            f"--dask {address}: the peer answered {first!r}, not a Dask scheduler's handshake "
            "(an HTTP or SSH server?)"
        )


@contextlib.contextmanager
def dask_client(address: str, timeout: int, wait: int, say: Callable[[str], None]) -> Iterator[Any]:
    """A client of the Dask scheduler at ``address`` with at least one worker, closed after the
    block; DaskError when there is none within the time stated. ``say`` tells the user, once,
    that the run waits for a worker."""
    scheme, host, port = parse_address(address)
    if scheme == "tcp":
        probe(address, host, port, timeout)
    import importlib

    dist: Any = importlib.import_module("distributed")  # untyped: used through Any
    client = _connect(dist, address, timeout)
    try:
        if not client.scheduler_info().get("workers"):
            say(f"pontoon: --dask {address}: no worker yet; waiting up to {wait} s for one")
            try:
                client.wait_for_workers(1, timeout=wait)
            except TimeoutError:
                raise DaskError(
                    f"--dask {address}: no worker joined the scheduler in {wait} s (start one: "
                    f"dask worker {address}; or see --dask-wait)"
                ) from None
        yield client
    finally:
        client.close()


def dask_results(client: Any, address: str, specs: Specs) -> Shards:
    """Each shard's result as it finishes on the scheduler of ``client`` (the same function as
    a local run: the same report). At most :data:`IN_FLIGHT` shards are submitted at a time, the
    next as each finishes, so a run of any length holds as little as a short one."""
    import importlib

    dist: Any = importlib.import_module("distributed")
    pending = iter(specs)
    first = [client.submit(run_shard, spec, pure=False) for spec in _take(pending, IN_FLIGHT)]
    finished = dist.as_completed(first)
    for future in finished:
        try:
            result = future.result()
        except Interrupted:
            raise
        except Exception as err:  # raised on a worker: pontoon-cli missing there, ...
            raise DaskError(
                f"--dask {address}: a shard failed on a worker: {_reason(err)}"
            ) from None
        for spec in _take(pending, 1):
            finished.add(client.submit(run_shard, spec, pure=False))
        yield result


def _take(specs: Iterator[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    return list(itertools.islice(specs, n))


def _connect(dist: Any, address: str, timeout: int) -> Any:
    """A Dask client of ``address``, made in a thread of its own so that a peer that stalls in
    the middle of Dask's handshake (which Dask's own timeout does not bound) is given up on
    after ``timeout`` seconds (and twice that for the connection and the handshake)."""
    import threading

    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            made.append(dist.Client(address, timeout=f"{timeout}s"))
        except Exception as err:  # Dask's own: OSError, TimeoutError, ValueError, ...
            failed.append(err)

    thread = threading.Thread(target=connect, name="pontoon-dask-connect", daemon=True)
    thread.start()
    thread.join(2 * timeout)
    if failed:
        raise DaskError(f"--dask {address}: cannot connect: {_reason(failed[0])}")
    if not made:
        raise DaskError(
            f"--dask {address}: the peer did not complete Dask's handshake in {2 * timeout} s "
            "(see --dask-timeout)"
        )
    return made[0]


def _reason(err: BaseException) -> str:
    """One line of Dask's exception: its first line, or its type's name."""
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
