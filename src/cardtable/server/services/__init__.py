"""The services: accounts and tables (the only caller of the engine), each call one unit of work."""
