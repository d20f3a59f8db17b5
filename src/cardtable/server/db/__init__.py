"""The platform database: models, the connection, and its Alembic migrations."""
