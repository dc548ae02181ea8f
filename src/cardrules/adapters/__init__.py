"""Adapters that connect the games to outside libraries (each needs its extra)."""
