"""Sphinx configuration: the pontoon documentation site, written in MyST Markdown.

`make docs` builds it into build/docs with warnings as errors, so a broken link, a missing page
or a reference to a heading that is gone fails the build (and `make test`, which builds it too).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PONTOON_PURE", "1")  # autodoc reads the sources' docstrings

project = "pontoon"
author = "the pontoon-cli authors"
copyright = "the pontoon-cli authors, MIT licence"

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["examples/**"]

# GitHub-style anchors for headings down to ####, so `page.md#a-heading` links resolve.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented"  # the docstrings say what each does
autodoc_default_options = {"members": False}

html_theme = "furo"
html_title = "pontoon"
html_static_path: list[str] = []
html_show_sourcelink = False
