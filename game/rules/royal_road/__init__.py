"""Královská cesta (royal road): the rules engine, see ``shared/spec/royal-road.md``."""

from game.rules.royal_road.engine import Game

__all__ = ["Game"]
