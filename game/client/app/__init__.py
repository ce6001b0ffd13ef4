"""The one loop (``App``) and what it runs beside the scenes: pacing, frame times, gamepads,
notices.
"""
