"""The engine core: contract, options, cards, trick-taking machinery, records (standard library only)."""
