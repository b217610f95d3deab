"""The widgets children play with: the card tables of both editions and the Equation Lab.

Importing this package loads ipywidgets and anywidget; the engines never do.
"""

from sq2edu.ui.classic_table import ClassicTable
from sq2edu.ui.lab import EquationLab
from sq2edu.ui.table import HINT_POLICIES, RescueTable

__all__ = ["HINT_POLICIES", "ClassicTable", "EquationLab", "RescueTable"]
