"""The scenes the App asks for by name, filled here so the App never imports a scene.

``App`` needs only three: the title (start, "quit to title"), a message (a problem to
show) and a game's table (``tables.table_for``). Everything else is pushed by the scenes
themselves, which import each other downward (title → setup → house rules, …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.client.online.replay import saved_replay
from game.client.scenes.message import MessageScene
from game.client.scenes.title import TitleScene
from game.client.stage.scene import SceneRegistry
from game.client.tables import table_for

if TYPE_CHECKING:
    from game.client.match.match import Match
    from game.client.stage.scene import AppContext
    from game.client.stage.table import Table


def _table(app: AppContext, match: Match) -> Table:
    return table_for(match.game_name)(app, match)


def default_registry() -> SceneRegistry:
    registry = SceneRegistry()
    registry.register("title", TitleScene)
    registry.register("message", MessageScene)
    registry.register("table", _table)
    registry.register("online_replay", saved_replay)  # Replays opens an online save
    return registry
