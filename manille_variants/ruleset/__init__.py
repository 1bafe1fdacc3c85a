"""Ruleset documents: the schema, the YAML loader with positions and inheritance, plug-in names, docs."""
