"""A file the client could not read or write, in the player's words.

The system's own text ("[Errno 28] No space left on device") is for the log; the screen says
what happened in the player's language, and the system's text may follow as a detail.
"""

from __future__ import annotations

import errno

from game.client.i18n import t


def write_problem(error: BaseException) -> str:
    """Why a write failed, as a clause to follow "could not be saved: " (no final stop)."""
    code = getattr(error, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return t("the disk is full")
    if code in (errno.EACCES, errno.EPERM):
        return t("Herna may not write to that folder")
    if code == errno.EROFS:
        return t("the disk is read-only")
    if code in (errno.EISDIR, errno.ENOTDIR):
        return t("there is a folder where the file should be")
    if code == errno.ENOENT:
        return t("the folder does not exist")
    detail = getattr(error, "strerror", None) or str(error)
    return t("the system refused the write ({detail})", detail=detail[:120])


def read_problem(error: BaseException) -> str:
    """Why a file could not be read, as a clause (no final stop)."""
    code = getattr(error, "errno", None)
    if code in (errno.EACCES, errno.EPERM):
        return t("Herna may not read it")
    if code in (errno.EISDIR, errno.ENOTDIR):
        return t("there is a folder where the file should be")
    if isinstance(error, UnicodeDecodeError):
        return t("it is not a text file")
    if isinstance(error, ValueError):
        return t("its content is damaged")
    detail = getattr(error, "strerror", None) or str(error)
    return t("the system refused to read it ({detail})", detail=detail[:120])
