"""Menu scenes: title, setup, settings, rules help, pause, results, hand-off."""
