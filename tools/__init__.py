"""Developer tools run from a checkout (measurement, building the app); not shipped."""
