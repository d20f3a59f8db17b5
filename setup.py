"""The install compiles the translation catalogs (``.po`` to ``.mo``) into the package it builds, and, when
asked, the engines to C extensions.

Compiled catalogs are not kept in git (``cardtable.i18n``). An editable install compiles them beside their
sources, where ``cardtable.i18n`` prefers a ``.mo`` only while it is newer than its ``.po``.

``CARDTABLE_COMPILE=1`` (``pip wheel .``, or ``make compiled``) adds every module of ``core``, ``games`` and
``bots`` but the packages' ``__init__.py`` as an extension, compiled by Cython from the same ``.py`` file,
which the package keeps beside its ``.so`` (Python imports the extension first). ``CARDTABLE_COMPILE=1
pip install -e .`` builds the ``.so`` files into ``src/`` beside their sources, where they shadow the ``.py``
files until removed (``make clean``): an edit to a compiled module does nothing until then. Without it the
install is pure Python and needs no compiler. Cython is a build requirement only then, and only where it is
missing (``setup_requires``, which setuptools' PEP 517 backend reports to pip); it is imported only to build.

A ``.pxd`` beside a state module (``core/game.pxd`` and each game's) declares its state classes' slots as
C fields, so each class is compiled as an extension type whose fields compiled code reads without a look-up:
random playout went from about the pure build's speed to 1.3–1.5 times it (docs/performance.md). The
``.py`` stays the one source; ``tests/core/test_declarations.py`` holds each ``.pxd`` to its class's
``__slots__``.

``annotation_typing`` stays off: with it Cython turns annotations into C types and checks, and behaviour
changes (an ``int`` annotation refused a tuple in Troeven, a ``float`` one would become a C double).
"""

import os
import sys
from importlib.util import find_spec
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
SOURCE = HERE / "src"
COMPILED_PACKAGES = ("core", "games", "bots")
CYTHON_DIRECTIVES = {"language_level": 3, "annotation_typing": False}


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


class CythonizeFirst(build_ext):
    """Turns the extensions' ``.py`` sources into C (under the build's temporary directory, so ``src/``
    stays clean) before compiling them; Cython redoes only the files newer than their C."""

    def finalize_options(self) -> None:
        from Cython.Build import cythonize

        self.set_undefined_options("build", ("build_temp", "build_temp"))
        jobs = os.cpu_count() or 1
        self.distribution.ext_modules[:] = cythonize(
            self.distribution.ext_modules,
            compiler_directives=CYTHON_DIRECTIVES,
            build_dir=str(Path(self.build_temp) / "cython"),
            nthreads=jobs,
            quiet=True,
        )
        super().finalize_options()  # setuptools' own set-up of each extension, now from C
        self.parallel = self.parallel or jobs

    def build_extensions(self) -> None:
        """Without debug information (``-g0`` after Python's own ``-g``) where the compiler takes gcc's
        flags: the extensions took 42 MB with it and take 7.5 MB without (a wheel 17.7 MB, now 4.2 MB), and
        nobody steps through generated C."""
        if self.compiler.compiler_type == "unix":
            for extension in self.extensions:
                extension.extra_compile_args.append("-g0")
        super().build_extensions()


def engine_extensions() -> list[Extension]:
    """One extension per engine module, named as Python imports it."""
    found = []
    for package in COMPILED_PACKAGES:
        for path in sorted((SOURCE / "cardtable" / package).rglob("*.py")):
            if path.name != "__init__.py":
                module = path.relative_to(SOURCE).with_suffix("")
                found.append(Extension(".".join(module.parts), [str(path.relative_to(HERE))]))
    return found


commands: dict[str, type] = {"build_py": BuildWithCatalogs}
compiled: dict[str, object] = {}
if os.environ.get("CARDTABLE_COMPILE") == "1":
    commands["build_ext"] = CythonizeFirst
    compiled = {"ext_modules": engine_extensions()}
    if find_spec("Cython") is None:  # pip's isolated build: setuptools reports it, pip installs it
        compiled["setup_requires"] = ["cython>=3.1"]

setup(cmdclass=commands, **compiled)
