"""Adapters to outside frameworks (OpenSpiel, PettingZoo)."""
