"""The AI of cut_the_rope: its heuristic, its search, the words of its explanations."""
