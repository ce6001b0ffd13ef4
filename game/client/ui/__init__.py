"""The drawing kit every screen shares: theme, sprites and fonts, sound, tweens, widgets,
putting frames on screen.
"""
