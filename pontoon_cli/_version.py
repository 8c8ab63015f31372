"""The package's version, written once: the metadata (``pyproject.toml``'s dynamic version), the
package's face, ``pontoon --version`` and every log header read it from here. A leaf: it imports
nothing, so any module may import it without reaching up to the package's face."""

__version__ = "0.1.0"
