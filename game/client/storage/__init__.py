"""What the client keeps on disk: settings, house rules, saved games, statistics, tutorial
progress.
"""
