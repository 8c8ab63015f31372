"""Rendering for people with rich: tables, progress bars, pictures."""
