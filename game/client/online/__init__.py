"""Online play in the client: a background-thread link to a Herna server (``link``), a
``RemoteMatch`` that drives the ordinary tables (``remote``), and the Online scenes."""
