"""``herna --bench`` and the soak it runs: the client's own figures, a feature players and
developers run.
"""
