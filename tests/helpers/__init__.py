"""Helpers shared by the tests of several folders (no tests here)."""
