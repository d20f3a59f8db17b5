"""``VectorEnv.as_sb3()``: a Stable-Baselines3 ``VecEnv`` that sb3-contrib's MaskablePPO trains on,
opponents included. stable-baselines3 comes with the ``learn`` extra (torch: large, so ``make test``
does not install it): without it ``as_sb3()`` names the extra (tested here); the training itself is
tested in ``test_sb3_training.py``, which says it is skipped where the extra is missing."""

from __future__ import annotations

import sys

import pytest

from cardtable.envs.vector import VectorEnv


def test_without_stable_baselines3_as_sb3_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ["stable_baselines3", *(n for n in sys.modules if n.startswith("stable_baselines3."))]:
        monkeypatch.setitem(sys.modules, name, None)  # an import of it now fails
    monkeypatch.delitem(sys.modules, "cardtable.envs.sb3", raising=False)
    with pytest.raises(
        ModuleNotFoundError, match=r"as_sb3\(\) needs stable-baselines3: .*cardtable\[learn\]"
    ):
        VectorEnv("troeven", 2, seed=0).as_sb3()
