"""What every screen stands on: the Scene, its stack and registry, what the App offers scenes
(``AppContext``), the ``Table`` contract, rebuilding a table and undo.
"""
