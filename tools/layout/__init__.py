"""The layout check: every screen drawn at each size and language, texts and controls
recorded where they land, and those over each other or cut off reported."""
