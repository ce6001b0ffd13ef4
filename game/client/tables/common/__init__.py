"""What the three tables share, written once: the move log,
its scrolling and the "since your last turn" panel (``log``), the round counter
(``rounds``), timed banners and toasts (``banner``), the flying card (``flying``), glows,
veils and outlines (``fx``), the index of legal moves (``legal``), keyboard and pointer
navigation (``keys``, ``pointer``), the drawing kit and its refit on a resize (``kit``),
playing a person's move (``moves``) and the name plates' common bits (``plates``).

A piece lives here only when it means the same on every table; a table keeps its own
words, colours and layout and passes them in. Nothing here imports a table package, a
scene or the app (a test checks it), so any table — and a fourth one — can use it.
"""
