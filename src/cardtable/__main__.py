"""``python -m cardtable``: the ``cardtable`` command (it needs the ``cli`` extra)."""

from .cli.main import main

main()
