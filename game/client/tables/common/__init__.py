"""What the three tables share, written once: reading events, the move log panel, timed
banners and toasts, the flying card, glows/veils/outlines, the index of legal moves.

A piece lives here only when it means the same on every table; a table keeps its own
words, colours and layout and passes them in. Nothing here imports a table package (the
structure test checks the table side), so any table — and a fourth one — can use it.
"""
