"""One online room: its game, house rules, seats, secrets and the only full state.

A ``Room`` is plain synchronous logic (no asyncio, no sockets) so every rule about who may
do what is testable on its own and the server module only moves messages. The room's seed
and tokens never leave this object except into its own data file; tokens are kept only as
SHA-256 digests, so a leaked data folder does not hand out seats.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from game.rules import GAME_NAMES, IllegalMove, RulesError, StateError, get_game
from game.server.protocol import ProtocolError

RECORD_FORMAT = 1
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: codes are read aloud
CODE_LENGTH = 8                                       # 31**8 ≈ 8.5e11 codes
LEVELS = ("easy", "normal", "hard", "expert")
SEAT_KINDS = ("open", "person", "computer")
LOBBY, PLAYING, OVER = "lobby", "playing", "over"
CHOICES = ("wait", "computer", "end")   # what the people present decide for an empty seat
MIN_SEATS, MAX_SEATS = 2, 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """People type codes in lower case and with spaces or dashes; accept that."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_name(name: Any, limit: int) -> str:
    """A display name: printable, trimmed, at most ``limit`` characters."""
    if not isinstance(name, str):
        return ""
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return text[:limit]


@dataclass
class Seat:
    kind: str = "open"              # "open" (nobody yet), "person" or "computer"
    name: str = ""
    level: str = "easy"             # for computer seats
    token_hash: str | None = None   # for person seats
    left: bool = False              # the person left the game for good (or resigned)
    # runtime only (not saved): live connections holding the seat, and since when it is empty
    connections: int = 0
    away_since: float | None = None

    def to_record(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level,
                "token_hash": self.token_hash, "left": self.left}

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Seat:
        kind = data.get("kind")
        if kind not in SEAT_KINDS:
            raise StateError(f"bad seat kind {kind!r}")
        level = data.get("level", "easy")
        if level not in LEVELS:
            raise StateError(f"bad level {level!r}")
        token_hash = data.get("token_hash")
        if kind == "person" and not isinstance(token_hash, str):
            raise StateError("a person's seat has no token")
        return cls(kind, str(data.get("name", "")), level, token_hash,
                   bool(data.get("left", False)))


@dataclass
class Applied:
    """One move the room applied: who, the Move value, its notation and the full events."""

    seat: int
    move: Any
    notation: str
    events: list[Any]
    ply: int


@dataclass
class Room:
    code: str
    game_name: str
    game: Any
    seats: list[Seat]
    host: int = 0
    status: str = LOBBY
    seed: int = 0
    state: Any = None
    moves: list[str] = field(default_factory=list)
    address: str = ""
    created: float = field(default_factory=time.time)
    touched: float = field(default_factory=time.time)
    game_number: int = 1                # games played in this room (rematches count up)
    rematch_asks: set[int] = field(default_factory=set)  # seats that asked for another
    # how a game ended that its rules did not end: {"winners": [...], "reason": ...}
    ended: dict[str, Any] | None = None
    votes: dict[int, dict[int, str]] = field(default_factory=dict)  # empty seat -> votes
    end_offers: set[int] = field(default_factory=set)  # seats agreeing to end the game
    aids: bool = False   # the host allowed hints and other private aids for everyone

    # --- creating ---------------------------------------------------------------------------
    @classmethod
    def create(cls, game_name: Any, rules: Any, seat_count: Any, address: str,
               engines: Engines | None = None) -> Room:
        if game_name not in GAME_NAMES:
            raise ProtocolError("bad_game", f"unknown game {game_name!r} "
                                            f"(choose from {', '.join(GAME_NAMES)})")
        game = (engines or Engines()).get(game_name, rules)
        if isinstance(seat_count, bool) or not isinstance(seat_count, int):
            raise ProtocolError("bad_field", "field 'seats' must be a whole number")
        _check_count(game, seat_count)
        return cls(new_code(), game_name, game, [Seat() for _ in range(seat_count)],
                   address=address)

    # --- seats ------------------------------------------------------------------------------
    def take_seat(self, name: str, wanted: int | None = None) -> tuple[int, str]:
        """Seat a person in ``wanted`` or the first open seat; returns (seat, token)."""
        if self.status != LOBBY:
            raise ProtocolError("started", "the game has started; resume with your token "
                                           "or watch")
        if wanted is not None:
            self._check_index(wanted)
            if self.seats[wanted].kind != "open":
                raise ProtocolError("seat_taken", f"seat {wanted} is not free")
            index = wanted
        else:
            free = [i for i, s in enumerate(self.seats) if s.kind == "open"]
            if not free:
                raise ProtocolError("room_full", "every seat of this room is taken")
            index = free[0]
        token = secrets.token_urlsafe(24)
        self.seats[index] = Seat("person", name or f"Player {index + 1}", "easy",
                                 digest(token))
        return index, token

    def seat_for_token(self, token: Any, wanted: int | None = None) -> int:
        """The seat whose secret ``token`` is; ``wanted`` must be that seat if given."""
        if not isinstance(token, str) or not token:
            raise ProtocolError("bad_field", "field 'token' is required")
        hashed = digest(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash and hmac.compare_digest(seat.token_hash, hashed):
                if wanted is not None and wanted != index:
                    raise ProtocolError("bad_token", f"this token is not for seat {wanted}")
                return index
        raise ProtocolError("bad_token", "no seat of this room has that token")

    def set_seat(self, by: int, index: Any, kind: Any, level: Any, now: float,
                 timeout: float) -> None:
        """The host opens or fills a seat with a computer player.

        In the lobby any seat but the host's own; during the game only a person's seat
        whose person has been away longer than ``timeout`` (then a computer takes over)."""
        self._check_host(by)
        if isinstance(index, bool) or not isinstance(index, int):
            raise ProtocolError("bad_field", "field 'seat' must be a seat number")
        self._check_index(index)
        if kind not in ("open", "computer"):
            raise ProtocolError("bad_field", "field 'kind' must be 'open' or 'computer'")
        level = level if level is not None else "easy"
        if level not in LEVELS:
            raise ProtocolError("bad_field", f"field 'level' must be one of {', '.join(LEVELS)}")
        if index == by:
            raise ProtocolError("own_seat", "the host cannot give away their own seat")
        seat = self.seats[index]
        if self.status == LOBBY:
            self.seats[index] = Seat("open") if kind == "open" else \
                Seat("computer", f"Robot {index + 1}", level)
            return
        if self.status == OVER:
            raise ProtocolError("over", "the game is over")
        if kind != "computer":
            raise ProtocolError("started", "during the game a seat can only go to a computer")
        if seat.kind != "person" or seat.connections > 0 or seat.away_since is None:
            raise ProtocolError("seat_present", f"{seat.name} is still here")
        if now - seat.away_since < timeout:
            wait = int(timeout - (now - seat.away_since)) + 1
            raise ProtocolError("too_soon", f"{seat.name} may still come back; "
                                            f"wait {wait} more seconds")
        # the old token stays so its owner learns that a computer took over, not "bad token"
        self.seats[index] = Seat("computer", seat.name, level, seat.token_hash)

    def set_rules(self, by: int, rules: Any, engines: Engines | None = None) -> None:
        self._check_host(by)
        if self.status != LOBBY:
            raise ProtocolError("started", "house rules can only change before the start")
        game = (engines or Engines()).get(self.game_name, rules)
        _check_count(game, len(self.seats))
        self.game = game

    def leave(self, seat: int) -> int | None:
        """A person leaves the lobby: the seat opens again; a host hands the room to the
        next person (returned), and a room nobody is left in keeps its host seat."""
        if self.status != LOBBY:
            return None
        if seat != self.host:
            self.seats[seat] = Seat("open")
            return None
        others = [i for i, s in enumerate(self.seats) if s.kind == "person" and i != seat]
        if not others:
            return None
        present = [i for i in others if self.seats[i].connections > 0]
        self.host = (present or others)[0]
        self.seats[seat] = Seat("open")
        return self.host

    # --- leaving a game and deciding for an empty seat --------------------------------------
    def quit(self, seat: int, for_good: bool) -> None:
        """A person quits the game; ``for_good`` gives up the seat (the others decide what
        becomes of it), otherwise the seat waits for its person as after a lost link."""
        if self.status == PLAYING and for_good and self.seats[seat].kind == "person":
            self.seats[seat].left = True
            self.end_offers.discard(seat)

    def absent(self, index: int, now: float, timeout: float) -> bool:
        """A person's seat the others may decide about: left, or away past the timeout."""
        seat = self.seats[index]
        if seat.kind != "person" or self.status != PLAYING:
            return False
        if seat.left:
            return True
        return seat.connections == 0 and seat.away_since is not None and \
            now - seat.away_since >= timeout

    def present(self) -> list[int]:
        """The people still at the table (connected and not gone for good)."""
        return [i for i, s in enumerate(self.seats)
                if s.kind == "person" and s.connections > 0 and not s.left]

    def decide(self, by: int, index: Any, choice: Any, level: Any, now: float,
               timeout: float) -> str | None:
        """``by`` votes on the empty seat ``index``: wait, a computer, or end the game.

        In a two-seat game the one left decides alone; otherwise a choice needs more than
        half of the people present, so one person cannot end a game for the others.
        Returns the choice carried out, or None while the vote is open."""
        if self.status != PLAYING:
            raise ProtocolError("not_started" if self.status == LOBBY else "over",
                                "there is no game to decide about")
        if isinstance(index, bool) or not isinstance(index, int):
            raise ProtocolError("bad_field", "field 'seat' must be a seat number")
        self._check_index(index)
        if choice not in CHOICES:
            raise ProtocolError("bad_field", f"field 'choice' must be one of "
                                             f"{', '.join(CHOICES)}")
        level = level if level is not None else "normal"
        if level not in LEVELS:
            raise ProtocolError("bad_field", f"field 'level' must be one of {', '.join(LEVELS)}")
        present = self.present()
        if by not in present:
            raise ProtocolError("not_seated", "only a person at the table decides")
        if not self.absent(index, now, timeout):
            seat = self.seats[index]
            if seat.kind == "person" and seat.connections == 0 and seat.away_since is not None:
                wait = int(timeout - (now - seat.away_since)) + 1
                raise ProtocolError("too_soon", f"{seat.name} may still come back; "
                                                f"wait {wait} more seconds")
            raise ProtocolError("seat_present", f"{self.seats[index].name} is still here")
        votes = self.votes.setdefault(index, {})
        votes[by] = f"{choice}:{level}"
        tally: dict[str, int] = {}
        for voter, vote in votes.items():
            if voter in present:
                key = vote.split(":")[0]
                tally[key] = tally.get(key, 0) + 1
        needed = len(present) // 2 + 1
        if tally.get(choice, 0) < needed:
            return None
        del self.votes[index]
        if choice == "computer":
            seat = self.seats[index]
            self.seats[index] = Seat("computer", seat.name, level, seat.token_hash)
        elif choice == "end":
            self.finish([], "abandoned")
        return str(choice)

    def resign(self, seat: int) -> None:
        """``seat`` gives up: in a two-seat game the other side wins; in a larger one the
        seat is left for good and the others decide what becomes of it."""
        if self.status != PLAYING:
            raise ProtocolError("not_started" if self.status == LOBBY else "over",
                                "there is no game to resign")
        if len(self.seats) == 2:
            self.finish([1 - seat], "resigned")
        else:
            self.seats[seat].left = True
            self.end_offers.discard(seat)

    def agree_to_end(self, seat: int, agree: bool) -> bool:
        """``seat`` offers (or accepts) to end the game without a winner, or declines;
        True once every person present agrees."""
        if self.status != PLAYING:
            raise ProtocolError("not_started" if self.status == LOBBY else "over",
                                "there is no game to end")
        if not agree:
            self.end_offers = set()
            return False
        self.end_offers.add(seat)
        if set(self.present()) <= self.end_offers:
            self.finish([], "agreed")
            return True
        return False

    def finish(self, winners: list[int], reason: str) -> None:
        """End the game outside its rules (abandoned, resigned, agreed)."""
        self.ended = {"winners": winners, "reason": reason}
        self.status = OVER
        self.votes = {}
        self.end_offers = set()

    # --- playing ----------------------------------------------------------------------------
    def start(self, by: int) -> None:
        self._check_host(by)
        if self.status != LOBBY:
            raise ProtocolError("started", "the game has already started")
        empty = [i for i, s in enumerate(self.seats) if s.kind == "open"]
        if empty:
            raise ProtocolError("seats_open", "fill or remove the open seats first: "
                                              + ", ".join(str(i) for i in empty))
        self.seed = secrets.randbits(62)
        self.state = self.game.new_game(len(self.seats), self.seed)
        self.moves = []
        self.status = PLAYING if not self.game.is_over(self.state) else OVER

    def ask_rematch(self, by: int) -> bool:
        """``by`` wants another game after this one; the host's wish starts it (True).

        The others' wishes are shown to everyone (``seat_list``) so the host knows who is
        ready; the host decides, as the host started the first game."""
        if self.status != OVER:
            raise ProtocolError("not_over", "a rematch is possible once the game is over")
        if by != self.host:
            self.rematch_asks.add(by)
            return False
        self.rematch()
        return True

    def rematch(self) -> None:
        """A new game with the same seats, people and computers, on a fresh seed (which
        picks who starts, as a local rematch does); tokens stay valid."""
        self.status = LOBBY
        self.game_number += 1
        self.rematch_asks = set()
        self.ended = None
        for seat in self.seats:
            seat.left = False
        self.start(self.host)

    @property
    def to_move(self) -> int | None:
        if self.status != PLAYING:
            return None
        seat: int | None = self.game.current_player(self.state)
        return seat

    def play(self, seat: int, text: Any, ply: Any = None) -> Applied:
        """Apply the notation ``text`` for ``seat`` (a person's or the AI's move)."""
        if self.status == LOBBY:
            raise ProtocolError("not_started", "the game has not started")
        if self.status == OVER:
            raise ProtocolError("over", "the game is over")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise ProtocolError("bad_field", "field 'move' must be a move's notation")
        if ply is not None and ply != len(self.moves):
            raise ProtocolError("stale", f"that move was for ply {ply}; the game is at "
                                         f"ply {len(self.moves)}")
        if self.to_move != seat:
            raise ProtocolError("not_your_turn", f"it is seat {self.to_move}'s turn")
        try:
            move = self.game.parse_move(self.state, text)
            state, events = self.game.apply(self.state, move)
        except IllegalMove as error:
            raise ProtocolError("illegal_move", error.reason) from None
        self.state = state
        notation = self.game.format_move(move)
        self.moves.append(notation)
        if self.game.is_over(state):
            self.status = OVER
        return Applied(seat, move, notation, list(events), len(self.moves))

    # --- what a seat is told ----------------------------------------------------------------
    def seat_list(self, now: float, timeout: float) -> list[dict[str, Any]]:
        out = []
        for index, seat in enumerate(self.seats):
            entry: dict[str, Any] = {"seat": index, "kind": seat.kind, "name": seat.name,
                                     "connected": seat.kind == "person" and seat.connections > 0}
            if seat.kind == "computer":
                entry["level"] = seat.level
            if index in self.rematch_asks:
                entry["rematch"] = True
            if seat.kind == "person" and seat.left:
                entry["left"] = True
            if index in self.votes:
                entry["votes"] = {str(voter): vote.split(":")[0]
                                  for voter, vote in self.votes[index].items()}
            if index in self.end_offers:
                entry["end_offer"] = True
            if seat.kind == "person" and seat.connections == 0 and \
                    seat.away_since is not None and not seat.left:
                entry["away_for"] = round(now - seat.away_since, 1)
                entry["replace_in"] = round(max(0.0, timeout - (now - seat.away_since)), 1)
            out.append(entry)
        return out

    def result(self) -> dict[str, Any] | None:
        if self.status != OVER:
            return None
        if self.ended is not None:
            return dict(self.ended)
        result: dict[str, Any] = self.game.result(self.state).to_dict()
        return result

    # --- the data file ----------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "code": self.code, "game": self.game_name,
                "rules": self.game.rules, "seats": [s.to_record() for s in self.seats],
                "host": self.host, "status": self.status, "seed": self.seed,
                "moves": list(self.moves), "address": self.address,
                "created": self.created, "touched": self.touched,
                "game_number": self.game_number, "rematch_asks": sorted(self.rematch_asks),
                "ended": self.ended, "end_offers": sorted(self.end_offers),
                "aids": self.aids,
                "votes": {str(k): {str(v): c for v, c in votes.items()}
                          for k, votes in self.votes.items()},
                "state": self.game.to_dict(self.state) if self.state is not None else None}

    @classmethod
    def from_record(cls, data: Any, engines: Engines | None = None) -> Room:
        """Rebuild a room from its file; the moves are replayed from the seed and must give
        exactly the saved state, so a hand-edited or damaged file is refused."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise StateError("not a Herna room file of a known format")
        try:
            if data["game"] not in GAME_NAMES:
                raise StateError(f"unknown game {data['game']!r}")
            game = (engines or Engines()).get(data["game"], data["rules"])
            seats = [Seat.from_record(s) for s in data["seats"]]
            room = cls(normalise_code(data["code"]), data["game"], game, seats,
                       int(data["host"]), data["status"], int(data["seed"]),
                       address=str(data.get("address", "")),
                       created=float(data.get("created", time.time())),
                       touched=float(data.get("touched", time.time())),
                       game_number=int(data.get("game_number", 1)),
                       rematch_asks={int(s) for s in data.get("rematch_asks", [])
                                     if 0 <= int(s) < len(seats)},
                       aids=bool(data.get("aids", False)),
                       end_offers={int(s) for s in data.get("end_offers", [])
                                   if 0 <= int(s) < len(seats)},
                       votes={int(k): {int(v): str(c) for v, c in votes.items()}
                              for k, votes in (data.get("votes") or {}).items()})
            ended = data.get("ended")
            if ended is not None:
                winners = [int(w) for w in ended["winners"]]
                if str(ended["reason"]) not in ("abandoned", "resigned", "agreed") or \
                        not all(0 <= w < len(seats) for w in winners):
                    raise StateError("bad ending")
                room.ended = {"winners": winners, "reason": str(ended["reason"])}
        except (KeyError, TypeError, ValueError, RulesError) as error:
            raise StateError(f"bad room file: {error}") from None
        except ProtocolError as error:
            raise StateError(f"bad room file: {error.message}") from None
        if room.status not in (LOBBY, PLAYING, OVER) or not 0 <= room.host < len(seats):
            raise StateError("bad room status or host")
        if room.status == LOBBY:
            return room
        state = game.new_game(len(seats), room.seed)
        for text in data["moves"]:
            try:
                state, _ = game.apply(state, game.parse_move(state, text))
            except IllegalMove as error:
                raise StateError(f"saved move {text!r} does not replay: {error}") from None
            room.moves.append(text)
        if game.to_dict(state) != data["state"]:
            raise StateError("the saved state disagrees with its moves")
        room.state = state
        return room

    # --- checks -----------------------------------------------------------------------------
    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.seats):
            raise ProtocolError("bad_seat", f"there is no seat {index}")

    def _check_host(self, by: int) -> None:
        if by != self.host:
            raise ProtocolError("not_host", "only the host may do that")


class Engines:
    """Rules engines by game and house rules, shared by the rooms that play the same.

    Building an engine costs tens of milliseconds (Cesta's table of every combination);
    engines are stateless and shareable, so a server builds each rule set once. Bounded:
    the oldest rule set is forgotten first.
    """

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._engines: OrderedDict[tuple[str, str], Any] = OrderedDict()

    def get(self, game_name: str, rules: Any) -> Any:
        key = self._key(game_name, rules)
        engine = self._engines.get(key)
        if engine is None:
            engine = self.build(game_name, rules)
            self._put(key, engine)
        else:
            self._engines.move_to_end(key)
        return engine

    def known(self, game_name: str, rules: Any) -> bool:
        """Whether this rule set is built already (a malformed one counts as known: it is
        refused at once, without building anything)."""
        try:
            return self._key(game_name, rules) in self._engines
        except ProtocolError:
            return True

    @staticmethod
    def build(game_name: str, rules: Any) -> Any:
        """A new engine for the rule set, without touching the cache (safe on a worker
        thread)."""
        Engines._key(game_name, rules)
        try:
            return get_game(game_name, rules or None)
        except RulesError as error:
            raise ProtocolError("bad_rules", str(error)) from None

    def remember(self, game_name: str, rules: Any, engine: Any) -> None:
        """Keep an engine built by :meth:`build` (on the event loop's thread)."""
        self._put(self._key(game_name, rules), engine)

    def _put(self, key: tuple[str, str], engine: Any) -> None:
        self._engines[key] = engine
        if len(self._engines) > self.size:
            self._engines.popitem(last=False)

    @staticmethod
    def _key(game_name: str, rules: Any) -> tuple[str, str]:
        if rules is not None and not isinstance(rules, dict):
            raise ProtocolError("bad_field",
                                "field 'rules' must be an object of house-rule keys")
        try:
            return (game_name, json.dumps(rules or {}, sort_keys=True))
        except (TypeError, ValueError):
            raise ProtocolError("bad_rules", "house rules must be plain JSON values") from None


def _check_count(game: Any, count: int) -> None:
    allowed = [n for n in game.player_range() if MIN_SEATS <= n <= MAX_SEATS]
    if count not in allowed:
        raise ProtocolError("bad_seats", f"{game.name} takes {allowed[0]}–{allowed[-1]} "
                                         f"seats, not {count}")
