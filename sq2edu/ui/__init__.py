"""The widgets children play with: the card table and its equation builder.

Importing this package loads ipywidgets and anywidget; the engines never do.
"""

from sq2edu.ui.table import HINT_POLICIES, RescueTable

__all__ = ["HINT_POLICIES", "RescueTable"]
