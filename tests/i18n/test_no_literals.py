"""No player-facing words outside the catalogues.

Every call that puts text on the screen (rendering, headings, hints, buttons, notices,
toasts) must get its words from ``t``/``nt``/``pt``/``npt``: a literal with words in it would
show in one language whatever the player chose. Symbols, digits and one-letter marks (a
card's rank on its face) are not words.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "game" / "client"
# functions and classes that draw or show their text arguments
SINKS = {"text", "outlined_text", "draw_heading", "draw_hint", "Button", "Choice", "Notice",
         "say", "Toast", "toast", "notify", "show_notice", "ConfirmScene", "MessageScene"}
TEXT_KEYWORDS = {"text", "label", "title", "message", "body", "heading", "hint"}


def wordy(text: str) -> bool:
    """Two or more letters in a row: a word, not a symbol or a rank."""
    run = 0
    for char in text:
        run = run + 1 if char.isalpha() else 0
        if run >= 2:
            return True
    return False


def literals(node: ast.AST) -> list[str]:
    """Literal text an argument shows as it is (not through a translation call)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [part.value for part in node.values
                if isinstance(part, ast.Constant) and isinstance(part.value, str)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return literals(node.left) + literals(node.right)
    if isinstance(node, ast.Lambda):
        return literals(node.body)
    if isinstance(node, ast.IfExp):
        return literals(node.body) + literals(node.orelse)
    return []


def sink_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def offenders() -> list[str]:
    found = []
    for path in sorted(CLIENT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or sink_name(node) not in SINKS:
                continue
            args = list(node.args) + [kw.value for kw in node.keywords
                                      if kw.arg in TEXT_KEYWORDS]
            for arg in args:
                for text in literals(arg):
                    if wordy(text):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return found


def test_the_client_shows_no_words_outside_the_catalogues():
    found = offenders()
    assert not found, "\n".join(found)


def test_the_scan_sees_a_literal():
    tree = ast.parse('assets.text("Your turn", 20)\nButton(app, r, lambda: "Back")\n'
                     'assets.text(t("Your turn"), 20)\nassets.text("K", 20)\n')
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and sink_name(node) in SINKS]
    shown = [text for call in calls for arg in call.args for text in literals(arg)
             if wordy(text)]
    assert shown == ["Your turn", "Back"]
