"""Beliefs about hidden cards for the expert level: sampling that is not uniform.

In Královská cesta each player secretly keeps two trio cards and moves the pyramids of
those trios more often than others. The royal_road view carries no move history, so the
agent remembers what it saw: at each of its calls it compares the pyramids with its
previous view, attributes each pyramid that moved to the seats that played in between
(unambiguous in two-player games; in bigger games the last mover's colour, ``prev``, often
tells which seat moved which pyramid, else the credit is shared), and scores every
candidate card ``c`` by the likelihood of those moves if ``c`` were a goal:

    P(moved p | c) = w(p) / sum of w(q) over q in the options,  w(q) = BOOST if q is on c,

options being the movable pyramids of p's colour. The determinization then deals each
opponent's kept cards with probabilities proportional to those weights (without
replacement), and the rest of the hidden cards uniformly, through the public
``to_dict`` / ``from_dict`` format (a global relabelling of two hidden codes keeps every
count consistent).
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.rules.royal_road.engine import Game as RoyalRoadGame
from game.rules.royal_road.state import State

BOOST = 3.0  # how much likelier a player is to move a pyramid of its own goals
SIZES = "SML"


class _Memory:
    """What one seat has observed in one game (kept between agent instances)."""

    __slots__ = ("previous", "seat", "loglik", "observed")

    def __init__(self) -> None:
        self.previous: dict[str, Any] | None = None
        self.seat: int | None = None
        # log-likelihood per seat per card code (missing = 0)
        self.loglik: dict[int, dict[str, float]] = {}
        self.observed = 0


# The client builds a fresh agent for every request (in a long-lived worker process), so the
# memory lives here, keyed by game, seat and the track's cards (a deal's fingerprint);
# only the most recent few games are kept.
_MEMORIES: dict[tuple[Any, ...], _Memory] = {}
# (opponents with evidence and their kept-card counts, per opponent: candidates, weights)
_Plan = tuple[list[tuple[int, int]], dict[int, tuple[list[str], list[float]]]]
_MEMORY_LIMIT = 32


def _memory_for(game: RoyalRoadGame, data: dict[str, Any], seat: int) -> _Memory:
    key = (game.name, tuple(game.rules["deck"]), data["players"], seat,
           tuple(sorted(map(str, data["track"]))))
    memory = _MEMORIES.get(key)
    if memory is None:
        while len(_MEMORIES) >= _MEMORY_LIMIT:
            del _MEMORIES[next(iter(_MEMORIES))]
        memory = _MEMORIES[key] = _Memory()
    return memory


class RoyalRoadBelief:
    """Observed-move likelihoods per seat and card, remembered across calls of one game."""

    def __init__(self, game: RoyalRoadGame, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed ^ 0x5EED)
        self.memory = _Memory()

    def reset(self) -> None:
        memory = self.memory
        memory.previous = None
        memory.seat = None
        memory.loglik = {}
        memory.observed = 0

    @property
    def previous(self) -> dict[str, Any] | None:
        return self.memory.previous

    @previous.setter
    def previous(self, value: dict[str, Any] | None) -> None:
        self.memory.previous = value

    @property
    def loglik(self) -> dict[int, dict[str, float]]:
        return self.memory.loglik

    # -- learning ------------------------------------------------------------------------
    def observe(self, view: State, seat: int) -> None:
        """Fold in what changed since the last call (a new game resets the memory)."""
        data = self.game.to_dict(view)
        history = data.get("history")
        if isinstance(history, list):
            self._from_history(history, seat, data.get("track", []))
            return
        self.memory = _memory_for(self.game, data, seat)
        prev = self.previous
        if (prev is None or self.memory.seat != seat or data.get("step") == "keep"
                or data["players"] != prev["players"]
                or data.get("turn", 0) < prev.get("turn", 0)):
            self.reset()
            self.memory.previous, self.memory.seat = data, seat
            return
        self._learn(prev, data, seat)
        self.previous = data

    def after_choice(self, view: State, seat: int, move: Any) -> None:
        """Account for our own move, so the next diff shows only the others' moves."""
        prev = self.previous
        if prev is None:
            return
        words = self.game.format_move(move).split()
        if words[0] == "move" and len(words) == 3:
            pyramids = dict(prev["pyramids"])
            pyramids[words[1]] = int(words[2])
            self.previous = {**prev, "pyramids": pyramids}
        elif words[0] == "swap" and len(words) == 3:
            a, b = int(words[1]), int(words[2])
            track = list(prev["track"])
            track[a], track[b] = track[b], track[a]
            moved = {a: b, b: a}
            pyramids = {code: moved.get(q, q) for code, q in prev["pyramids"].items()}
            self.previous = {**prev, "track": track, "pyramids": pyramids}

    def _from_history(self, history: list[Any], seat: int, track: list[str]) -> None:
        """Exact attribution from the public move record (``"history"`` in the view).

        For a push of pyramid ``p`` the options are the three pyramids of its colour, so
        a card holding ``p`` explains the push with BOOST / (BOOST + 2), a card holding
        another pyramid of that colour with 1 / (BOOST + 2), any other card with 1/3.
        Pushes into JAIL or the trapdoor are sabotage, not goals, and are skipped."""
        memory = _Memory()
        memory.seat = seat
        cards = _all_cards(self.game)
        special = {q for q, c in enumerate(track) if c in ("JAIL", "TRAPDOOR")}
        for entry in history:
            mover, code, _, to = entry[0], entry[1], entry[2], entry[3]
            if mover == seat or to in special:
                continue
            table = memory.loglik.setdefault(mover, {})
            for card, value in _push_loglik(code, cards).items():
                table[card] = table.get(card, 0.0) + value
            memory.observed += 1
        self.memory = memory

    def _learn(self, before: dict[str, Any], after: dict[str, Any], seat: int) -> None:
        players = after["players"]
        moved = []
        for code, q in after["pyramids"].items():
            p = before["pyramids"].get(code)
            if p is None or p == q:
                continue
            # A bonus swap moves whole cards: only count pyramids whose card stayed put.
            if before["track"][p] != after["track"][p] and after["track"][q] == before["track"][p]:
                continue
            moved.append(code)
        if not moved:
            return
        # Seats that played since our previous call, in order (ours excluded).
        movers = [(seat + k) % players for k in range(1, players)]
        last = movers[-1]
        last_colour = after.get("previous_color")
        for code in moved:
            candidates = movers
            if len(moved) > 1 and last_colour not in (None, "w"):
                if code[0] == last_colour:
                    candidates = [last]
                else:
                    candidates = [m for m in movers if m != last] or movers
            share = 1.0 / len(candidates)
            options = _options(before, code)
            for mover in candidates:
                self._credit(mover, code, options, share)
        self.memory.observed += 1

    def _credit(self, mover: int, code: str, options: list[str], share: float) -> None:
        """Add ``share`` times the log-likelihood of choosing ``code`` among ``options``."""
        table = self.loglik.setdefault(mover, {})
        for card in _all_cards(self.game):
            trio = card.split("-")
            total = sum(BOOST if q in trio else 1.0 for q in options)
            mine = BOOST if code in trio else 1.0
            table[card] = table.get(card, 0.0) + share * math.log(mine / total)

    def weights(self, seat: int, candidates: list[str]) -> list[float]:
        """Relative probability that ``seat`` keeps each candidate card."""
        table = self.loglik.get(seat, {})
        logs = [table.get(card, 0.0) for card in candidates]
        top = max(logs, default=0.0)
        return [math.exp(v - top) for v in logs]

    def pair_probability(self, view: State, seat: int, other: int,
                         pair: tuple[str, str]) -> float:
        """The belief's probability that ``other`` kept exactly the cards ``pair`` (issue
        20's read-out), with the independent card weights this belief samples by: a pair's
        weight is the product of its cards' weights, normalised over every pair of cards
        ``seat`` cannot see. ``1 / C(n, 2)`` is the uniform guess it is compared with."""
        hidden = _visible_complement(self.game, self.game.to_dict(view), seat)
        if pair[0] not in hidden or pair[1] not in hidden or pair[0] == pair[1]:
            return 0.0
        weights = dict(zip(hidden, self.weights(other, hidden), strict=True))
        total = sum(weights.values())
        squares = sum(w * w for w in weights.values())
        pairs = (total * total - squares) / 2.0  # sum over unordered pairs of w_a * w_b
        return weights[pair[0]] * weights[pair[1]] / pairs if pairs > 0 else 0.0

    # -- sampling ------------------------------------------------------------------------
    def sample(self, view: State, seat: int, rng: random.Random) -> State:
        """A full state consistent with ``view``: opponents' kept cards drawn by belief."""
        game = self.game
        full = game.determinize(view, seat, rng)
        if not self.loglik:
            return full
        plan = self._plan(view, seat)
        if plan is None:
            return full
        kept, pools = plan
        # Draw each opponent's kept cards by weight, without replacement, then relabel
        # hidden codes so the determinized state holds them (a permutation of hidden codes
        # keeps every count and place consistent).
        swap: dict[str, str] = {}
        taken: set[str] = set()
        current_kept = _kept_of(full, game)
        for other, slots in kept:
            cards, weights = pools[other]
            for slot in range(slots):
                for _ in range(8):
                    card = rng.choices(cards, weights)[0]
                    if card not in taken:
                        break
                else:
                    continue
                taken.add(card)
                x = _apply_swap(swap, current_kept[other][slot])
                if x != card:
                    _compose(swap, x, card)
        if not swap:
            return full
        return _relabelled(game, full, swap, seat)

    def _plan(self, view: State, seat: int) -> _Plan | None:
        """Per view (cached): opponents with evidence, their slot counts and the weighted
        candidate pool (every card hidden from ``seat``)."""
        key = (id(view), seat, self.memory.observed)
        cached = getattr(self, "_cached", None)
        if cached is not None and cached[0] == key:
            plan: _Plan | None = cached[1]
            return plan
        data = self.game.to_dict(view)
        result = None
        if data.get("step") != "keep":
            hidden = _visible_complement(self.game, data, seat)
            kept = [(other, len(data["kept"][other])) for other in range(data["players"])
                    if other != seat and other in self.loglik]
            pools = {other: (hidden, self.weights(other, hidden)) for other, _ in kept}
            result = (kept, pools) if kept else None
        self._cached = (key, result)
        return result


def _apply_swap(swap: dict[str, str], code: str) -> str:
    return swap.get(code, code)


def _compose(swap: dict[str, str], x: str, y: str) -> None:
    """Extend the relabelling so the codes now reading ``x`` and ``y`` trade places."""
    inverse = {v: k for k, v in swap.items()}
    a = inverse.get(x, x)
    b = inverse.get(y, y)
    swap[a] = y
    swap[b] = x


def _kept_of(full: State, game: RoyalRoadGame) -> list[list[str]]:
    kept = getattr(full, "kept", None)
    if kept is not None and not isinstance(kept, dict):
        return [list(k) for k in kept]
    kept_lists: list[list[str]] = game.to_dict(full)["kept"]
    return kept_lists


def _visible_complement(game: RoyalRoadGame, data: dict[str, Any], seat: int) -> list[str]:
    """Cards of the deck that ``seat`` cannot see (not on the track, not its own)."""
    seen = set(map(str, data["track"]))
    for key in ("kept", "dealt", "discarded"):
        value = data.get(key)
        if value and seat < len(value):
            seen.update(value[seat])
    return [c for c in _all_cards(game) if c not in seen]


def _relabelled(game: RoyalRoadGame, full: State, swap: dict[str, str], seat: int) -> State:
    """``full`` with hidden codes renamed by ``swap``: directly on the engine's state when
    it has the royal_road fields, else through ``to_dict`` / ``from_dict``."""
    if hasattr(full, "clone") and all(hasattr(full, k) for k in _HIDDEN_KEYS):
        state = full.clone()

        def rename(cards: Any) -> tuple[str, ...]:
            return tuple(swap.get(c, c) for c in cards)

        state.deck = rename(full.deck)
        for key in ("kept", "dealt", "discarded"):
            value = getattr(full, key)
            setattr(state, key, tuple(rename(cards) if other != seat else cards
                                      for other, cards in enumerate(value)))
        return state
    data = game.to_dict(full)
    for key in _HIDDEN_KEYS:
        value = data.get(key)
        if value is None:
            continue
        if key == "deck":
            data[key] = [swap.get(c, c) for c in value]
        else:
            data[key] = [[swap.get(c, c) for c in cards] if other != seat else cards
                         for other, cards in enumerate(value)]
    return game.from_dict(data)


_PUSH: dict[tuple[str, int], dict[str, float]] = {}


def _push_loglik(code: str, cards: tuple[str, ...]) -> dict[str, float]:
    """Log-likelihood of a push of ``code`` under each candidate goal card (cached)."""
    key = (code, id(cards))
    table = _PUSH.get(key)
    if table is None:
        hit = math.log(BOOST / (BOOST + 2.0))
        miss = math.log(1.0 / (BOOST + 2.0))
        other = math.log(1.0 / 3.0)
        table = {}
        for card in cards:
            trio = card.split("-")
            if code in trio:
                table[card] = hit
            elif any(p[0] == code[0] for p in trio):
                table[card] = miss
            else:
                table[card] = other
        _PUSH[key] = table
    return table


_CARDS: dict[int, tuple[str, ...]] = {}


def _all_cards(game: RoyalRoadGame) -> tuple[str, ...]:
    key = id(game)
    cards = _CARDS.get(key)
    if cards is None:
        cards = _CARDS[key] = tuple(game.rules["deck"])
    return cards


def _options(before: dict[str, Any], code: str) -> list[str]:
    """Pyramids of ``code``'s colour that could move in the earlier position."""
    goal = len(before["track"]) - 1
    lying = set(before.get("lying", ()))
    out = [p for p, q in before["pyramids"].items()
           if p[0] == code[0] and q != goal and p not in lying]
    return out if code in out else out + [code]


_HIDDEN_KEYS = ("kept", "dealt", "discarded", "deck")
