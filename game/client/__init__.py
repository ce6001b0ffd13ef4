"""The pygame-ce client: one app loop, a scene stack, menus and the game tables.

Nothing here runs at import time; ``game.client.main.run(options)`` starts everything.
Folders, from the top down: ``main.py`` wires the loop (``app``) to the screens
(``scenes``, ``tables``, ``tutorial``, ``online``); both stand on ``stage`` (scenes, the
table contract, undo); everything stands on ``match``, ``storage``, ``ui`` and ``i18n``.
``bench`` is ``herna --bench``. ``docs/client.md`` says where each screen lives and how
to add a table.
"""
