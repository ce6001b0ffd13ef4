"""Per-game shaping of the hard and expert searches.

``ai/search/<game>.py`` exists when a game needs more than the generic ISMCTS of
``ai/ismcts.py`` with its level settings; it provides
``make_search_agent(game, level, seed, config, belief) -> Agent``.
"""
