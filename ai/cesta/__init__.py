"""The AI of cesta: its heuristic, its search, the words of its explanations."""
