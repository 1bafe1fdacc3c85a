"""The package version, in one place (records and the terminal name it)."""

__version__ = "0.1.0"
