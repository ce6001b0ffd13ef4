"""Frame times kept in a fixed-size histogram, so an evening of play costs no memory.

``--frame-stats`` reports p50/p99/max of every frame of a run. Keeping each frame's time in
a list grew by 60 floats a second without end (a 30-minute all-AI run: 108 000 of them,
and a game left open overnight far more). A histogram of 10-microsecond bins up to
``LIMIT`` seconds answers the same percentiles to 0.01 ms in a constant 200 KB; the maximum
is kept exactly, and the rare frame beyond the last bin counts there (its percentile is
then reported as the maximum, which is what such a frame is).
"""

from __future__ import annotations

from array import array
from typing import Any

BIN = 1e-5        # seconds per bin: percentiles to 0.01 ms
LIMIT = 0.25      # seconds; slower frames share the last bin (the maximum stays exact)
BINS = int(round(LIMIT / BIN)) + 1


class FrameTimes:
    """Counts of frame durations; ``add`` is O(1) and allocates nothing."""

    def __init__(self) -> None:
        self.counts = array("Q", bytes(8 * BINS))
        self.count = 0
        self.maximum = 0.0
        self.total = 0.0

    def add(self, seconds: float) -> None:
        seconds = max(0.0, seconds)
        index = int(seconds / BIN)
        self.counts[index if index < BINS else BINS - 1] += 1
        self.count += 1
        self.total += seconds
        if seconds > self.maximum:
            self.maximum = seconds

    def __len__(self) -> int:
        return self.count

    def percentile(self, p: float) -> float:
        """Nearest-rank percentile in seconds: the upper edge of the bin holding that rank
        (never above the exact maximum)."""
        if not self.count:
            return 0.0
        rank = min(self.count, max(1, int(round(p / 100 * self.count + 0.5))))
        seen = 0
        for index, number in enumerate(self.counts):
            seen += number
            if seen >= rank:
                return min(self.maximum, (index + 1) * BIN)
        return self.maximum  # pragma: no cover - the counts always add up to count

    def summary(self) -> dict[str, Any]:
        """The contract's ``--frame-stats`` line: frames, p50/p99/max in milliseconds."""
        if not self.count:
            return {"frames": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
        return {"frames": self.count, "p50_ms": round(self.percentile(50) * 1000, 3),
                "p99_ms": round(self.percentile(99) * 1000, 3),
                "max_ms": round(self.maximum * 1000, 3)}
