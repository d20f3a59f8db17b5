"""Lets OpenSpiel's C++ ``ISMCTSBot`` call a resampler written in Python.

OpenSpiel's C++ IS-MCTS draws a world for every simulation with ``State::ResampleFromInfostate``.
The pip build of open_spiel (2.0.x) does not forward that virtual method to Python games (its
``PyState`` trampoline leaves it out), and the bot's ``SetResampler`` hook is not bound in
``pyspiel``. So a Python game's ``resample_from_infostate`` is invisible to the C++ bot, which stops
with "ResampleFromInfostate() not implemented".

Decisions:
- This module closes that gap with a pybind11 extension of a dozen lines that calls
  ``ISMCTSBot::SetResampler`` with a function calling back into Python. It is compiled on first use
  against the installed open_spiel's own headers (shipped in its wheel) and ``pyspiel.so``, with the
  system C++ compiler (``$CXX`` or ``c++``), and cached under ``$CARDTABLE_CACHE`` (default
  ``~/.cache/cardtable``) keyed by the source, open_spiel, pybind11 and Python, so it is built once
  (about ten seconds) per installation.
- pybind11 must share ``pyspiel``'s internals (same ABI version) for the bot object to cross between
  the two extensions; a mismatch is reported as a RuntimeError naming the versions, never a crash.
- The callback takes the GIL, so it runs from ``step_with_policy``/``get_policy`` (which keep the
  GIL). ``ISMCTSBot.step`` releases the GIL and crashes on any Python game in this open_spiel, ours
  or its own: ``cardtable.envs.openspiel.ISMCTSBot`` wraps the bot so that ``step`` is safe.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import importlib.util
import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

MODULE = "_cardtable_ismcts_bridge"

SOURCE = r"""
#include <functional>
#include <memory>
#include <utility>

#include "open_spiel/algorithms/is_mcts.h"
#include "open_spiel/spiel.h"
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using open_spiel::Player;
using open_spiel::State;
using open_spiel::algorithms::ISMCTSBot;

PYBIND11_MODULE(_cardtable_ismcts_bridge, m) {
  m.def("set_resampler", [](ISMCTSBot& bot, py::function resample) {
    bot.SetResampler([resample](const State& state, Player player,
                                std::function<double()> rng) -> std::unique_ptr<State> {
      py::gil_scoped_acquire gil;
      py::object world = resample(py::cast(&state, py::return_value_policy::reference),
                                  player, py::cpp_function(std::move(rng)));
      return world.cast<std::unique_ptr<State>>();
    });
  });
}
"""


def set_resampler(bot: Any, resample: Callable[[Any, int, Callable[[], float]], Any]) -> None:
    """Make the C++ ``pyspiel.ISMCTSBot`` draw its worlds with ``resample(state, player, rng)``, which
    returns a new state; raises RuntimeError when the bridge cannot be built or loaded."""
    try:
        _module().set_resampler(bot, resample)
    except TypeError as error:
        raise RuntimeError(
            f"the IS-MCTS bridge could not reach pyspiel's ISMCTSBot ({error}); pybind11 "
            f"{_pybind11_version()} and this open_spiel likely differ in their pybind11 ABI"
        ) from None


@functools.cache
def _module() -> ModuleType:
    import pybind11
    import pyspiel

    spiel_so = Path(pyspiel.__file__).resolve()
    site = spiel_so.parent
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    stat = spiel_so.stat()
    key = hashlib.sha256(
        "\n".join(
            [
                SOURCE,
                str(spiel_so),
                str(stat.st_size),
                str(stat.st_mtime_ns),
                pybind11.__version__,
                sys.version,
            ]
        ).encode()
    ).hexdigest()[:16]
    cache = Path(os.environ.get("CARDTABLE_CACHE") or Path.home() / ".cache" / "cardtable")
    target = cache / "ismcts-bridge" / key / f"{MODULE}{suffix}"
    if not target.exists():
        _build(target, site, spiel_so, pybind11.get_include())
    loader = importlib.machinery.ExtensionFileLoader(MODULE, str(target))
    spec = importlib.util.spec_from_loader(MODULE, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _build(target: Path, site: Path, spiel_so: Path, pybind11_include: str) -> None:
    """Compile the bridge into ``target`` (written whole, then renamed: concurrent builds are safe)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    compiler = shlex.split(os.environ.get("CXX", "c++"))
    open_spiel = site / "open_spiel"
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        source = Path(work) / "bridge.cc"
        source.write_text(SOURCE)
        output = Path(work) / target.name
        command = [
            *compiler,
            "-std=c++20",
            "-O1",
            "-shared",
            "-fPIC",
            "-w",
            f"-I{site}",
            f"-I{open_spiel / 'abseil-cpp'}",
            f"-I{open_spiel / 'json' / 'include'}",
            f"-I{pybind11_include}",
            f"-I{sysconfig.get_paths()['include']}",
            str(source),
            str(spiel_so),
            f"-Wl,-rpath,{site}",
            "-o",
            str(output),
        ]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False)
        except FileNotFoundError:
            raise RuntimeError(
                f"building the IS-MCTS bridge needs a C++20 compiler: {compiler[0]!r} was not found "
                "(install g++, or set CXX)"
            ) from None
        if done.returncode != 0:
            raise RuntimeError(
                "building the IS-MCTS bridge failed (it needs a C++20 compiler, Python's headers and "
                f"pybind11):\n{' '.join(command)}\n{done.stderr[-2000:]}"
            )
        os.replace(output, target)


def _pybind11_version() -> str:
    import pybind11

    return str(pybind11.__version__)
