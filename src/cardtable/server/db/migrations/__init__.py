"""Alembic migrations of the platform database (run by ``Database.upgrade`` at every start)."""
