"""The install compiles the translation catalogs (``.po`` to ``.mo``) into the package it builds.

Compiled catalogs are not kept in git (``cardtable.i18n``). An editable install compiles them beside their
sources, where ``cardtable.i18n`` prefers a ``.mo`` only while it is newer than its ``.po``.
"""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SOURCE = Path(__file__).parent / "src"


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        sys.path.insert(0, str(SOURCE))
        from cardtable.i18n import compile_catalog  # standard library only, Babel when called

        package = SOURCE / "cardtable"
        into = package if getattr(self, "editable_mode", False) else Path(self.build_lib) / "cardtable"
        for source in sorted(package.glob("locale/*/LC_MESSAGES/*.po")):
            target = into / source.relative_to(package).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(compile_catalog(source))


setup(cmdclass={"build_py": BuildWithCatalogs})
