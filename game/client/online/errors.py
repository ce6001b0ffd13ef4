"""What went wrong online, in the player's words.

The server refuses a request with an ``error`` frame: a ``code`` for programs and an English
``message`` for logs. A player must never read either: ``server_error`` turns every code the
server can send into a sentence that says what happened and what to do (an unknown code gets
a general sentence that still names the code, for a bug report). ``link_error`` does the same
for a connection that fails (refused, timed out, no such host: ``Link`` names the kind), and
``hosting_error`` for a server this computer could not start. The system's own text may
follow as a detail, never alone. No pygame here.
"""

from __future__ import annotations

from typing import Any

from game.client.i18n import N_, t

#: Every code the server sends in an ``error`` frame, and what the player reads.
SERVER_ERRORS: dict[str, str] = {
    # the request itself was not understood: another version of Herna on one side
    "binary_frame": N_("The server did not understand this computer's request. Make sure "
                       "Herna and the server are the same version."),
    "bad_json": N_("The server did not understand this computer's request. Make sure "
                   "Herna and the server are the same version."),
    "bad_message": N_("The server did not understand this computer's request. Make sure "
                      "Herna and the server are the same version."),
    "unknown_type": N_("The server does not know this request. It may run an older Herna; "
                       "ask its owner to update it."),
    "bad_field": N_("The server did not understand this computer's request. Make sure "
                    "Herna and the server are the same version."),
    "too_big": N_("The request was too large for the server. Try again with a shorter name "
                  "or fewer house rules."),
    "version": N_("This server runs a different version of Herna. Update Herna or the "
                  "server so that both are the same."),
    # rooms and seats
    "bad_game": N_("The server does not know this game. Ask its owner to update Herna on "
                   "the server."),
    "bad_seats": N_("This game cannot be played with that number of players. Choose "
                    "another number."),
    "bad_rules": N_("The server refused these house rules. Play with the original rules, "
                    "or check your house rules."),
    "no_room": N_("There is no room with this code on the server. Check the code with "
                  "the host."),
    "room_full": N_("Every seat in this room is taken. You can watch the game instead."),
    "started": N_("The game in this room has already started, so this is no longer "
                  "possible. You can watch it instead."),
    "seat_taken": N_("That seat has been taken in the meantime. Choose another one."),
    "seat_removed": N_("The host gave your seat to someone else. You can watch the game, "
                       "or take another open seat."),
    "bad_seat": N_("This room has no such seat."),
    "bad_token": N_("The room no longer knows this computer's seat. Join the room again "
                    "with its code."),
    "not_seated": N_("You have no seat in this room. Join it first."),
    "not_your_seat": N_("That seat is not yours."),
    "own_seat": N_("You are the host: your own seat cannot be given away."),
    "not_host": N_("Only the host of the room can do that."),
    "seat_present": N_("That player is still here, so their seat cannot be given away."),
    "too_soon": N_("That player may still come back. Wait a little longer before giving "
                   "their seat to the computer."),
    "seats_open": N_("Some seats are still open. Give them to players or to the computer "
                     "first."),
    "in_room": N_("You are already in another room. Go back and open this room again."),
    "too_many_rooms": N_("You have too many unfinished rooms on this server. Finish or "
                         "leave some of them first."),
    "not_stored": N_("The server cannot save rooms just now. Try again later."),
    # the game
    "not_started": N_("The game has not started yet."),
    "over": N_("The game is already over."),
    "not_over": N_("A rematch is possible only once the game is over."),
    "not_your_turn": N_("It is not your turn."),
    "stale": N_("The game moved on before your move arrived, so it was not played. Look at "
                "the table and play again."),
    "illegal_move": N_("The server did not allow that move. Look at the table and choose "
                       "another one."),
    # the server's own limits and failures
    "rate_limited": N_("Too many messages in a short time. Wait a moment and try again."),
    "busy": N_("The server is busy. Wait a minute and try again."),
    "internal": N_("The server failed on this request. Try again; if it keeps happening, "
                   "tell the server's owner."),
}

#: A code this client does not know (a newer server): a general sentence, with the code.
UNKNOWN_SERVER_ERROR = N_("The server refused this request (code “{code}”). Try again; if "
                          "it keeps happening, report it with this code.")

#: Why a connection failed, as ``Link`` names it in its ``down`` frames.
LINK_ERRORS: dict[str, str] = {
    "refused": N_("Nothing answers at this address. Check the address and that the server "
                  "is running."),
    "timeout": N_("The server did not answer in time. Check the address and your network."),
    "no_host": N_("No computer has this name. Check the server address."),
    "unreachable": N_("The network cannot reach this address. Check your connection and "
                      "the address."),
    "bad_address": N_("That is not a server address. Type it as name:port, for example "
                      "192.168.1.10:8765."),
    "not_server": N_("Something answers at this address, but it is not a Herna server. "
                     "Check the address and the port."),
    "flooded": N_("The server closed the connection: too many messages were sent."),
    "closed": N_("The server closed the connection."),
    "network": N_("The connection to the server failed."),
}


def server_error(frame: dict[str, Any]) -> str:
    """What an ``error`` frame from the server means to the player, in the active language."""
    code = str(frame.get("code") or "")
    if code == "version":  # the frame says which side is older: that side needs the update
        if frame.get("newer") == "client":
            return t("This server runs an older Herna than yours. Ask its owner to update "
                     "the server.")
        if frame.get("newer") == "server":
            return t("This server runs a newer Herna than yours. Update Herna on this "
                     "computer.")
    message = SERVER_ERRORS.get(code)
    if message is None:
        return t(UNKNOWN_SERVER_ERROR, code=code[:40] or "?")
    return t(message)


def link_error(kind: str | None) -> str:
    """Why the connection failed, from the kind ``Link`` put in its ``down`` frame."""
    return t(LINK_ERRORS.get(kind or "", LINK_ERRORS["network"]))


def with_detail(sentence: str, detail: str | None) -> str:
    """``sentence`` with the system's own words after it, for whoever reads a bug report."""
    detail = (detail or "").strip()
    if not detail:
        return sentence
    return t("{sentence} (Details: {detail})", sentence=sentence, detail=detail[:160])


def hosting_error(detail: str | None) -> str:
    """A server this computer could not start, in words; the system's text as a detail."""
    text = (detail or "").lower()
    if "address already in use" in text or "errno 98" in text or "errno 48" in text or \
            "10048" in text:
        sentence = t("Herna could not start a server on this computer: another program "
                     "already uses its port. Close that program or try again.")
    elif "permission" in text or "errno 13" in text:
        sentence = t("Herna could not start a server on this computer: the system did not "
                     "allow it. Check your firewall or security settings.")
    else:
        sentence = t("Herna could not start a server on this computer.")
    return with_detail(sentence, detail)
