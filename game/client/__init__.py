"""The pygame-ce client: one app loop, a scene stack, menus and the game tables.

Nothing here runs at import time; ``game.client.app.run(options)`` starts everything.
See ``README.md`` in this folder for how to add a table.
"""
