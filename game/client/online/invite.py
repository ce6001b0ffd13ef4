"""Inviting friends: the addresses of this computer, and the one-line invite.

An invite is the server's address and the room code in one string that a friend pastes
whole into the Join screen: ``herna://HOST:PORT/CODE`` for a server reached by ``ws://``
(``hernas://`` for ``wss://``, a server behind a TLS proxy; a path of such a server goes
before the code: ``hernas://play.example/herna/K7QM2XTA``). ``parse_invite`` also takes
what people make of it when they copy it by hand (``HOST:PORT/CODE``, ``HOST:PORT CODE``,
lower case, dashes in the code) and says what is wrong in words otherwise.

``lan_addresses`` lists this computer's IPv4 addresses on its networks without any new
dependency: the address the system would send from (a UDP socket "connected" to a private
address sends nothing), the host name's addresses, and on Linux every interface's
address (an ``ioctl`` per interface). No pygame here.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from dataclasses import dataclass
from urllib.parse import urlsplit

from game.client.i18n import N_

if sys.platform.startswith("linux"):
    import fcntl  # each interface's address, asked of the kernel (Linux only)

SCHEME, SECURE_SCHEME = "herna", "hernas"
DEFAULT_PORT = 8765
# the server's room codes (game.server.room): 8 characters of this alphabet
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
# where a UDP "connect" asks the routing table for this computer's address on each kind of
# private network (and the default route); nothing is ever sent
PROBES = ("10.254.254.254", "172.31.254.254", "192.168.254.254", "198.51.100.1")
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address

# what is wrong with an invite, in words (InviteError.reason)
INVITE_PROBLEMS = {
    "empty": N_("Paste or type an invite first."),
    "no_code": N_("The invite has no room code: it ends with the 8 characters of the room "
                  "code, as in herna://192.168.1.5:8765/K7QM2XTA."),
    "bad_code": N_("The room code in the invite is not valid: it has 8 letters and digits "
                   "(no 0, 1, I, L or O)."),
    "no_host": N_("The invite has no server address before the room code."),
    "bad_port": N_("The port in the invite must be a number from 1 to 65535."),
    "bad_scheme": N_("This is not a Herna invite: it starts with herna:// (or hernas://)."),
}


class InviteError(ValueError):
    """An invite that cannot be read; ``reason`` is a key of ``INVITE_PROBLEMS``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Invite:
    url: str      # the server, as the link connects to it (ws:// or wss://)
    code: str     # the room code, upper case, without spaces or dashes

    @property
    def address(self) -> str:
        """The server as the address field shows it: ``host:port`` for a plain server,
        the whole ``wss://`` address otherwise."""
        parts = urlsplit(self.url)
        if parts.scheme == "ws" and parts.path in ("", "/"):
            return parts.netloc
        return self.url

    def text(self) -> str:
        return make_invite(self.url, self.code)


def clean_code(text: str) -> str:
    """A room code as people type it (lower case, spaces, dashes) in the server's form;
    raises ``InviteError`` when it cannot be one."""
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if not code:
        raise InviteError("no_code")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise InviteError("bad_code")
    return code


def make_invite(url: str, code: str) -> str:
    """The invite for room ``code`` on the server at ``url`` (``ws://`` or ``wss://``)."""
    parts = urlsplit(url)
    scheme = SECURE_SCHEME if parts.scheme == "wss" else SCHEME
    path = parts.path.rstrip("/")
    return f"{scheme}://{parts.netloc}{path}/{code}"


def parse_invite(text: str) -> Invite:
    """The server and room of an invite (see the module's docstring); ``InviteError``
    says what is wrong."""
    raw = " ".join(text.split())  # pasted line breaks and tabs are spaces
    if not raw:
        raise InviteError("empty")
    scheme = "ws"
    if "://" in raw:
        given, raw = raw.split("://", 1)
        given = given.lower()
        if given in (SECURE_SCHEME, "wss"):
            scheme = "wss"
        elif given not in (SCHEME, "ws"):
            raise InviteError("bad_scheme")
    raw = raw.strip().rstrip("/")
    if " " in raw:          # "HOST:PORT CODE" (the code may hold spaces of its own)
        server, code_text = raw.split(" ", 1)
    elif "/" in raw:
        server, code_text = raw.rsplit("/", 1)
    else:
        raise InviteError("no_host" if _looks_like_code(raw) else "no_code")
    code = clean_code(code_text)
    return Invite(_server_url(scheme, server), code)


def looks_like_invite(text: str) -> bool:
    """Whether ``text`` is meant as an invite rather than a server address: it starts
    with ``herna://`` / ``hernas://``, or a room code follows the server after a slash or
    a space (``ws://`` addresses are addresses, whatever their path)."""
    raw = " ".join(text.split()).lower()
    if raw.startswith((f"{SCHEME}://", f"{SECURE_SCHEME}://")):
        return True
    if "://" in raw or not raw:
        return False
    tail = raw.rstrip("/")
    sep = " " if " " in tail else "/"
    return sep in tail and bool(tail.split(sep, 1)[0])


def _looks_like_code(text: str) -> bool:
    try:
        clean_code(text)
    except InviteError:
        return False
    return True


def _server_url(scheme: str, server: str) -> str:
    """``ws://host:port[/path]`` from the invite's server part (the port is checked)."""
    host_port, slash, path = server.partition("/")
    if not host_port:
        raise InviteError("no_host")
    try:
        parts = urlsplit(f"//{host_port}")
        port = parts.port
        host = parts.hostname
    except ValueError:  # a port that is no number, or out of range
        raise InviteError("bad_port") from None
    if not host:
        raise InviteError("no_host")
    if host_port.endswith(":"):
        raise InviteError("bad_port")
    if port is None:
        port = DEFAULT_PORT if scheme == "ws" else None
    elif port == 0:
        raise InviteError("bad_port")
    shown_host = f"[{host}]" if ":" in host else host
    netloc = shown_host if port is None else f"{shown_host}:{port}"
    return f"{scheme}://{netloc}" + (f"/{path}" if slash and path else "")


# --- this computer's addresses ------------------------------------------------------------
def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that others on its networks can reach: the one the
    system sends from first, then the others (no loopback or link-local addresses; an
    empty list when the computer is on no network)."""
    found: list[str] = []
    for probe in PROBES:
        with contextlib.suppress(OSError), \
                socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 1))
            found.append(str(s.getsockname()[0]))
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    found.extend(_interface_addresses())
    return usable_addresses(found)


def usable_addresses(candidates: list[str]) -> list[str]:
    """``candidates`` without duplicates, loopback, link-local or unspecified addresses,
    in their first order (the system's own choice first)."""
    out: list[str] = []
    for text in candidates:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified or \
                address.is_multicast or text in out:
            continue
        out.append(text)
    return out


def _interface_addresses() -> list[str]:
    """Every network interface's IPv4 address (Linux; elsewhere the other ways suffice)."""
    if not sys.platform.startswith("linux"):
        return []
    out: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR,
                                     struct.pack("256s", name.encode()[:15]))
                out.append(socket.inet_ntoa(packed[20:24]))
    return out


def shown_addresses(addresses: list[str], port: int | None) -> list[str]:
    """The addresses with the port, as friends type them."""
    return [f"{address}:{port}" if port else address for address in addresses]
