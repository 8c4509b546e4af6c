"""The built-in font's stand-in (tests only)."""
FONT = object()
