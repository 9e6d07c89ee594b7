"""Escaping for every string that reaches SVG or HTML (svg.py inserts text and attributes as is).

The same replacements as ``html.escape(s, quote=True)``, without importing the ``html`` package,
whose 2,000-entry entity table costs about 75 ms of start-up in Pyodide.
"""

from __future__ import annotations


def escape(s: object, quote: bool = True) -> str:
    """``s`` as text safe inside an element or a quoted attribute: & < > " ' replaced."""
    out = str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        out = out.replace('"', "&quot;").replace("'", "&#x27;")
    return out
