"""The terminal front door: ``cardtable play``, ``cardtable replay`` and friends (typer + rich)."""
