"""Marker package: the wheel maps sprites/, sounds/, config/ and fonts/ under this name."""
