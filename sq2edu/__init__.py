"""sq2edu: math practice with *Sleeping Queens 2: The Rescue*.

The package is layered; each layer imports only the ones before it::

    core <- equations <- rescue / classic <- bots <- ui <- classroom

:mod:`sq2edu.equations` checks a child's equation and explains it in words.
"""

__version__ = "0.1.0"
