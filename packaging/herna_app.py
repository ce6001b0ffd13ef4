"""The standalone app's entry point (PyInstaller runs this file as ``__main__``).

``freeze_support`` must come first: the AI's worker process starts the frozen executable
again with multiprocessing's own arguments, which it handles and never passes to argparse.
"""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.cli import main

    raise SystemExit(main())
