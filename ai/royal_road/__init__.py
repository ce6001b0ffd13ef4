"""The AI of royal_road: its heuristic, its search, the words of its explanations."""
