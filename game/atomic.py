"""Crash-safe file writes: temp file + rename, and disk flushes off the game thread.

``atomic_write_text`` guarantees a reader sees the old or the new content, never half;
with ``durable`` it also ``fsync``s the data and the folder entry (power cuts). The
autosave writes without ``durable`` on the game thread (cheap) and queues the ``fsync`` on
a background thread (``queue_sync``), because a flush can take longer than a frame.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import stat
import tempfile
import threading
import time
from pathlib import Path

TMP_SUFFIX = ".tmp"
STALE_SECONDS = 1.0  # a real write takes milliseconds; older temporaries are leftovers


def atomic_write_text(path: Path, text: str, durable: bool = True) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half.

    A temporary file in the same folder is written and renamed over the target; a crash at
    any point leaves the previous version intact. ``durable`` also flushes the data and the
    rename to the disk (``fsync``) before returning, which survives a power cut too; the
    autosave leaves that part to a background thread (``sync_to_disk``) so that no frame
    waits for the disk.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_of(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
        _sync_folder(path.parent)


def _mode_of(path: Path) -> int | None:
    """The permission bits of the file being replaced (a rewrite keeps them; a new file is
    private to the user, as ``mkstemp`` makes it)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def remove_stale_temporaries(folder: Path, older_than: float = STALE_SECONDS) -> int:
    """Delete the ``.tmp`` files a killed write left in ``folder``; returns how many.

    Only our own pattern (a dot, then ``TMP_SUFFIX``) and only files untouched for
    ``older_than`` seconds, so a write in progress in another Herna is never broken.
    """
    removed = 0
    now = time.time()
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX)):
            continue
        try:
            info = entry.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _sync_folder(folder: Path) -> None:
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (best effort)
        try:
            dir_fd = os.open(folder, os.O_DIRECTORY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        except OSError:
            pass


def sync_to_disk(path: Path) -> None:
    """Flush an already written file and its folder entry to the disk."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
    _sync_folder(path.parent)


class _Writer:
    """One background thread that flushes autosaves to the disk (``fsync``).

    The autosave itself (write + atomic rename) happens on the game thread, so a killed
    process loses at most the move being made; the ``fsync`` that protects against a power
    cut takes tens of milliseconds on some disks — more than a frame — and runs here.
    ``flush`` waits for the queue to drain (at exit).
    """

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.pending: dict[Path, None] = {}
        self.busy = False
        self.thread = threading.Thread(target=self._run, name="herna-autosave", daemon=True)
        self.thread.start()

    def submit(self, path: Path) -> None:
        with self.cond:
            self.pending[path] = None
            self.cond.notify_all()

    def _run(self) -> None:
        while True:
            with self.cond:
                while not self.pending:
                    self.cond.wait()
                path = next(iter(self.pending))
                del self.pending[path]
                self.busy = True
            with contextlib.suppress(Exception):  # never kill the thread
                sync_to_disk(path)
            with self.cond:
                self.busy = False
                self.cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: not self.pending and not self.busy, timeout)


_writer: _Writer | None = None
_writer_lock = threading.Lock()


def _get_writer() -> _Writer:
    global _writer
    with _writer_lock:
        if _writer is None:
            _writer = _Writer()
            atexit.register(flush_writes)
        return _writer


def flush_writes(timeout: float = 10.0) -> bool:
    """Wait until every autosave is flushed to the disk (True when the queue drained)."""
    return _writer.flush(timeout) if _writer is not None else True


def queue_sync(path: Path) -> None:
    """Flush ``path`` to the disk soon, on the writer thread."""
    if os.name == "nt":  # there an open handle would make the next rename fail
        return
    _get_writer().submit(path)
