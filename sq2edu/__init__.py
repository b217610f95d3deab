"""sq2edu: math practice with *Sleeping Queens 2: The Rescue*.

The package is layered; each layer imports only the ones before it (``make lint`` checks it;
CONTRIBUTING.md says what each holds)::

    i18n <- equations <- core <- rescue / classic <- bots <- progress <- practice <- lessons
         <- ui / worksheets <- classroom <- hub <- cli

:mod:`sq2edu.equations` checks a child's equation and explains it in words.
"""

__version__ = "0.1.0"
