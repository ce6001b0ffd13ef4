"""Who is at an online table and what became of the seats, in the player's words.

The server says where each person is in its ``room`` frames (connected; away, with the
seconds until the others may decide about the seat; left for good; the votes about an
empty seat; offers to end the game) and what happened in ``notice`` frames, as codes and
names only. Here they become what the client shows: a seat's presence with a symbol and
words (its countdown running on between frames), one line per notice for the table's log
and the toast, which empty seat the people present are asked about, and the requests that
answer (``quit``, ``decide``, ``resign``, ``end_game``). No pygame here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.client.i18n import N_, pt, t
from game.client.match.match import Presence
from game.rules import Result

if TYPE_CHECKING:
    from game.client.online.remote import RemoteMatch

HERE, AWAY, LEFT = "here", "away", "left"
#: a shape for each state, so it never rests on colour alone
SYMBOLS = {HERE: "●", AWAY: "◐", LEFT: "✕"}
CHOICES = ("wait", "computer", "end")
#: the results of a game its people ended (the rules' own reasons are the tables')
ENDINGS = ("abandoned", "resigned", "agreed")


def seat_name(entry: dict[str, Any]) -> str:
    """A seat's name from a room frame; the names the server makes up for a seat nobody
    named ("Robot 2", "Player 2") are said in the player's language."""
    name = str(entry.get("name") or "")
    number = int(entry.get("seat", 0)) + 1
    if entry.get("kind") == "computer" and name in ("", f"Robot {number}"):
        return t("Robot {n}", n=number)
    if name in ("", f"Player {number}"):
        return t("Player {n}", n=number)
    return name


# --- a seat's presence ----------------------------------------------------------------------
def seat_presence(room: dict[str, Any], seat: int, age: float,
                  mine: bool = False) -> Presence | None:
    """Where the person of ``seat`` is, from the last room frame received ``age`` seconds
    ago (the countdown goes on between frames); None for a computer or an open seat.
    ``mine``: the seat is played on this computer."""
    seats = room.get("seats") or []
    if not 0 <= seat < len(seats) or seats[seat].get("kind") != "person":
        return None
    entry = seats[seat]
    if entry.get("left"):
        return Presence(LEFT, mine=mine)
    if entry.get("connected"):
        return Presence(HERE, mine=mine)
    replace_in = entry.get("replace_in")
    if replace_in is None:
        return Presence(AWAY, mine=mine)
    return Presence(AWAY, max(0, math.ceil(float(replace_in) - age)), mine)


def clock(seconds: int) -> str:
    """1:05 — minutes and seconds of a countdown."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def presence_words(presence: Presence) -> str:
    """The state in words, without the symbol."""
    if presence.state == HERE:
        # TRANSLATORS: on a player's plate at an online table: connected now
        return pt("presence", "online")
    if presence.state == LEFT:
        # TRANSLATORS: on a player's plate: this person quit the game for good
        return pt("presence", "left the game")
    if presence.seconds is None:
        # TRANSLATORS: on a player's plate: the connection is gone for now
        return pt("presence", "away")
    if presence.seconds > 0:
        # TRANSLATORS: on a player's plate: away, the seat waits this long (1:05)
        return t("away · waiting {time}", time=clock(presence.seconds))
    # TRANSLATORS: on a player's plate: away past the wait; the others may decide now
    return t("away · decide now")


def presence_line(presence: Presence) -> str:
    """The symbol and the words, as a plate shows them."""
    return f"{SYMBOLS.get(presence.state, '?')} {presence_words(presence)}"


def presence_colour(presence: Presence, on_light: bool = False) -> tuple[int, int, int]:
    """Green, amber or red (darker ones on a light plate): with the symbol, never alone."""
    if on_light:
        return {HERE: (30, 120, 50), AWAY: (160, 90, 0), LEFT: (180, 40, 30)}.get(
            presence.state, (60, 60, 60))
    return {HERE: (120, 200, 130), AWAY: (240, 176, 60), LEFT: (232, 96, 80)}.get(
        presence.state, (200, 200, 200))


def plate_status(presence: Presence | None, status: str) -> tuple[str, bool]:
    """A person's status line at an online table: the turn's own words behind the
    connected symbol, or where the person is instead; and whether the presence colour
    applies (False: the status keeps its own). Local seats keep ``status``."""
    if presence is None:
        return status, False
    if presence.state == HERE:
        if status and not presence.mine:   # the table's "your turn" words are for its player
            # TRANSLATORS: on the plate of another person at an online table: their turn now
            status = pt("presence", "on the move")
        return (f"{SYMBOLS[HERE]} {status}" if status else presence_line(presence)), \
            not status
    return presence_line(presence), True


# --- what happened: the server's notices ----------------------------------------------------
def _person(seat: Any, name: Any) -> str:
    return seat_name({"seat": seat if isinstance(seat, int) else 0, "name": name,
                      "kind": "person"})


# a notice's kind: its symbol and its line ("vote" has its own, by the choice voted)
_NOTICES: dict[str, tuple[str, str]] = {
    "away": ("◐", N_("{name} is away. The seat waits for them.")),
    "back": ("●", N_("{name} is back at the table.")),
    "left": ("✕", N_("{name} has left the game for good.")),
    "resigned": ("⚑", N_("{name} resigns.")),
    "waiting": ("◐", N_("The table waits for {name}.")),
    "computer": ("⚑", N_("A computer player takes over the seat of {name}.")),
    "abandoned": ("⚑", N_("The game ends without {name}. Nobody loses it.")),
    "end_offer": ("⚑", N_("{name} offers to end the game without a winner.")),
    "end_declined": ("⚑", N_("{name} wants to play on: the game goes on.")),
    "end_withdrawn": ("⚑", N_("{name} takes back the offer to end the game.")),
    "agreed": ("⚑", N_("Everyone agreed: the game ends without a winner.")),
    "host": ("★", N_("{name} now hosts the room.")),
}
_VOTES = {
    "wait": N_("{name} votes to wait for {other}."),
    "computer": N_("{name} votes to give the seat of {other} to a computer player."),
    "end": N_("{name} votes to end the game."),
}


def notice_text(frame: dict[str, Any], room: dict[str, Any] | None = None) -> str | None:
    """A ``notice`` frame as one line, with a symbol first; None for a kind this client
    does not know (a newer server: ignored, as the protocol asks)."""
    kind = frame.get("kind")
    name = _person(frame.get("seat"), frame.get("name"))
    if kind == "vote":
        about = frame.get("about")
        seats = (room or {}).get("seats") or []
        other = seat_name(seats[about]) if isinstance(about, int) and \
            0 <= about < len(seats) else _person(about, "")
        said = _VOTES.get(str(frame.get("choice")))
        return f"⚑ {t(said, name=name, other=other)}" if said else None
    symbol, message = _NOTICES.get(str(kind), ("", ""))
    return f"{symbol} {t(message, name=name)}" if message else None


def take_notices(match: RemoteMatch) -> list[tuple[dict[str, Any], str]]:
    """The notices that came since the last call, each with its line (each said once)."""
    frames, match.notices = match.notices, []
    said = [(frame, notice_text(frame, match.room)) for frame in frames]
    return [(frame, line) for frame, line in said if line]


# --- the people present and their questions ---------------------------------------------------
def present_people(room: dict[str, Any]) -> list[int]:
    """The people still at the table: connected and not gone for good."""
    return [entry["seat"] for entry in room.get("seats") or []
            if entry.get("kind") == "person" and entry.get("connected")
            and not entry.get("left")]


def my_present_seats(match: RemoteMatch) -> list[int]:
    present = present_people(match.room)
    return [seat for seat in match.humans if seat in present]


def playing_here(match: RemoteMatch) -> bool:
    """This client holds a seat of a game in progress (a spectator never decides)."""
    return not match.spectating and match.status == "playing" and bool(match.tokens)


def absent_seats(match: RemoteMatch) -> list[int]:
    """The people's seats those present may decide about now: left for good, or away for
    the whole seat timeout (as the server last said: its clock decides, not this one)."""
    if not playing_here(match) or not my_present_seats(match):
        return []
    return [int(entry["seat"]) for entry in match.room.get("seats") or []
            if entry.get("kind") == "person" and entry["seat"] not in match.tokens and
            (entry.get("left") or (not entry.get("connected") and
                                   entry.get("replace_in") is not None and
                                   float(entry["replace_in"]) <= 0))]


def votes_about(match: RemoteMatch, seat: int) -> dict[int, str]:
    """Who voted what about ``seat`` so far (voter seat → choice)."""
    seats = match.room.get("seats") or []
    raw = seats[seat].get("votes") or {} if seat < len(seats) else {}
    return {int(voter): str(choice) for voter, choice in raw.items()}


def decides_alone(match: RemoteMatch) -> bool:
    """In a two-seat game the one left decides alone; otherwise a majority decides."""
    return len(match.room.get("seats") or []) <= 2


def choice_words(choice: str | None) -> str:
    if choice == "wait":
        # TRANSLATORS: a vote about an empty seat: wait for its person
        return pt("vote", "wait")
    if choice == "computer":
        # TRANSLATORS: a vote about an empty seat: a computer player takes it
        return pt("vote", "a computer plays")
    if choice == "end":
        # TRANSLATORS: a vote about an empty seat: end the game (nobody loses)
        return pt("vote", "end the game")
    # TRANSLATORS: a vote about an empty seat not cast yet
    return pt("vote", "not yet")


def vote_lines(match: RemoteMatch, seat: int) -> list[str]:
    """Each person present and their vote about ``seat`` (or that it is still pending)."""
    votes = votes_about(match, seat)
    seats = match.room.get("seats") or []
    return [t("{name}: {choice}", name=seat_name(seats[voter]),
              choice=choice_words(votes.get(voter)))
            for voter in present_people(match.room)]


def end_offers(match: RemoteMatch) -> list[int]:
    """The seats that offered to end the game without a winner."""
    return [entry["seat"] for entry in match.room.get("seats") or []
            if entry.get("end_offer")]


def offer_to_answer(match: RemoteMatch) -> list[int]:
    """Others' offers to end the game that this client's people have not accepted yet."""
    if not playing_here(match):
        return []
    offers = end_offers(match)
    mine = my_present_seats(match)
    if not offers or not mine or all(seat in offers for seat in mine):
        return []
    return [seat for seat in offers if seat not in match.tokens]


def ended_result(frame: dict[str, Any] | None) -> Result | None:
    """The result of a game its people ended (abandoned, resigned, agreed), from a state or
    room frame; None for a game the rules ended (the table's engine says that one)."""
    result = (frame or {}).get("result")
    if not isinstance(result, dict) or result.get("reason") not in ENDINGS:
        return None
    return Result(tuple(int(w) for w in result.get("winners") or []), str(result["reason"]))


# --- the requests -----------------------------------------------------------------------------
def _acting(match: RemoteMatch) -> list[int]:
    """The local seats that act: all of them, present (two people at one computer agree
    together), the viewer's first."""
    seats = my_present_seats(match) or list(match.humans)
    viewer = match.viewer
    return sorted(seats, key=lambda s: s != viewer)


def send_quit(match: RemoteMatch, for_good: bool) -> None:
    match.link.send({"type": "quit", "for_good": for_good, "id": "quit"})


def send_decide(match: RemoteMatch, seat: int, choice: str, level: str = "normal") -> None:
    for mine in _acting(match):
        match.link.send({"type": "decide", "seat": seat, "choice": choice, "level": level,
                         "as": mine, "id": "decide"})


def send_resign(match: RemoteMatch) -> None:
    seats = _acting(match)
    if seats:
        match.link.send({"type": "resign", "as": seats[0], "id": "resign"})


def send_end_game(match: RemoteMatch, agree: bool) -> None:
    """Offer or accept (every local seat agrees), or decline (once: it clears every
    offer)."""
    seats = _acting(match)
    for mine in seats if agree else seats[:1]:
        match.link.send({"type": "end_game", "agree": agree, "as": mine, "id": "end_game"})
