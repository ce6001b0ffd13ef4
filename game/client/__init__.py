"""The pygame-ce client: one app loop, a scene stack, menus and the game tables.

Nothing here runs at import time; ``game.client.main.run(options)`` starts everything.
See ``README.md`` in this folder for where each screen lives and how to add a table.
"""
