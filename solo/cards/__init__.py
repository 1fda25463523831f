"""Card facts: the catalog, the glossary of terms, and how far solo plays each card."""
