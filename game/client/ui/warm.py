"""Pictures rendered ahead, in the loop's spare time, so no shown frame waits for one.

A table knows which pictures it will need later (every card at every size it draws, the
setup screen's, the winner's): rasterising one SVG card at 1920×1080 takes 2-8 ms of the
main thread, so making them as they are first needed put those milliseconds into the frame
where a card first flew or a screen first opened — the slowest frames of a run. Doing them
in the frames themselves, a little per frame, still added a whole job to a drawn frame
(a job cannot be cut in half) and kept the loop drawing only to get its ``update``.

So a scene queues them in a ``WarmQueue`` and the App gives it time through
``Scene.warm(budget)`` only when the loop is not drawing: an idle turn of the window loop
(between moves, while a computer thinks, while a person reads) has nothing to put on
screen, so a job there delays only the next look at the event queue, by a few ms that no
hand feels. Headless runs have no idle turns; they get a small budget per frame (their
contract is a drawn frame per step). A picture asked for before its turn came is simply
made then, as before.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable

Job = Callable[[], object]

IDLE_BUDGET = 0.008       # seconds of picture-making per idle turn of the window loop
HEADLESS_BUDGET = 0.0015  # per headless frame (every headless frame is drawn)


class WarmQueue:
    """Jobs that each render (and cache) one picture; ``run`` does them until a time
    budget is spent. The budget is checked before each job, so a turn overruns it by
    at most one job."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._jobs: deque[Job] = deque()
        self._clock = clock

    def replace(self, jobs: Iterable[Job]) -> None:
        """A new list (a new table size): what was queued for the old one is dropped."""
        self._jobs = deque(jobs)

    def add(self, jobs: Iterable[Job]) -> None:
        self._jobs.extend(jobs)

    def __len__(self) -> int:
        return len(self._jobs)

    @property
    def pending(self) -> bool:
        return bool(self._jobs)

    def run(self, budget: float) -> int:
        """Do jobs for about ``budget`` seconds; returns how many were done."""
        jobs = self._jobs
        if not jobs:
            return 0
        end = self._clock() + budget
        done = 0
        while jobs:
            jobs.popleft()()
            done += 1
            if self._clock() >= end:
                break
        return done

    def run_all(self) -> None:
        """Everything now (tests; a caller that has time to spare)."""
        while self._jobs:
            self._jobs.popleft()()
