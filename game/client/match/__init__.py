"""A match as the client plays it, without pygame: the Match controller, its AI worker, hints
and the post-game analysis.
"""
