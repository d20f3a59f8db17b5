"""``/healthz``: answers once the server has migrated its database and is taking requests."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["health"])


@router.get("/healthz")
def healthz() -> dict[str, str]:
    """``{"status": "ok"}``."""
    return {"status": "ok"}
