"""The ``herna serve`` command line: parse, start the server, stop cleanly on a signal."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from game.server.protocol import Limits


def default_data_dir() -> Path:
    """The platform's data folder for Herna, plus ``server`` (the client's saves are apart)."""
    import os

    import platformdirs

    base = os.environ.get("HERNA_DATA_DIR") or platformdirs.user_data_dir("herna")
    return Path(base) / "server"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="herna serve",
        description="Herna's authoritative online game server (WebSocket; see "
                    "docs/protocol.md).")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this computer only; "
                             "0.0.0.0 for the local network)")
    parser.add_argument("--port", type=int, default=8765, help="TCP port (0: any free one)")
    parser.add_argument("--data", type=Path, metavar="DIR",
                        help="folder for the rooms' files (default: Herna's data folder)")
    parser.add_argument("--ai-workers", type=int, default=1, metavar="N",
                        help="processes thinking for computer seats (default 1)")
    parser.add_argument("--seat-timeout", type=float, default=Limits.seat_timeout,
                        metavar="S", help="seconds away before the host may seat a computer")
    parser.add_argument("--rooms-per-address", type=int, default=Limits.rooms_per_address,
                        metavar="N", help="unfinished rooms one address may create")
    parser.add_argument("--connections-per-address", type=int,
                        default=Limits.connections_per_address, metavar="N")
    parser.add_argument("--messages-per-second", type=float,
                        default=Limits.messages_per_second, metavar="R",
                        help="messages a connection may send per second on average")
    parser.add_argument("--ai-pace", type=float, default=0.0, metavar="S",
                        help="seconds a computer seat waits before it answers")
    parser.add_argument("--trust-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy's address whose X-Forwarded-For header names "
                             "the player (repeatable); the per-address limits then apply to "
                             "the players, not to the proxy")
    parser.add_argument("--no-fsync", action="store_true",
                        help="write room files without flushing them to the disk (faster, "
                             "loses the last moves on a power cut, not on a crash)")
    parser.add_argument("--log-level", default="info",
                        choices=("debug", "info", "warning", "error"))
    return parser


def run(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not 0 <= args.port <= 65535:
        print("herna serve: --port must be 0..65535", file=sys.stderr)
        return 2
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    limits = Limits(seat_timeout=args.seat_timeout, rooms_per_address=args.rooms_per_address,
                    connections_per_address=args.connections_per_address,
                    messages_per_second=args.messages_per_second,
                    burst=max(Limits.burst, int(args.messages_per_second * 2)))
    data = args.data if args.data is not None else default_data_dir()
    try:
        asyncio.run(_serve(args.host, args.port, data, limits, args.ai_workers, args.ai_pace,
                           not args.no_fsync, frozenset(args.trust_proxy)))
    except OSError as error:
        print(f"herna serve: cannot listen on {args.host}:{args.port}: {error}",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(host: str, port: int, data: Path, limits: Limits, workers: int,
                 pace: float, durable: bool, proxies: frozenset[str]) -> None:
    from game.server.server import Server
    from game.server.thinking import Thinker

    server = Server(data, limits, Thinker(workers), ai_pace=pace, durable=durable,
                    trusted_proxies=proxies)
    await server.start(host, port)
    # one line on stdout, so scripts (and the client's "host on this computer") learn the port
    print(f"herna server listening on ws://{host}:{server.port} (data {data})", flush=True)
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    try:
        await stop
    finally:
        await server.close()
