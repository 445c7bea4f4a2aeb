"""The web app has no tables: the login links it used to record are accounts' now."""
