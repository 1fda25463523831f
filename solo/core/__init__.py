"""The words every layer shares: sides, stages and kinds, errors and exit codes, questions as data."""
