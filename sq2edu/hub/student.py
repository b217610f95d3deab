"""A child's server on a school's hub: the classroom's Voilà, serving the student app and
nothing else, to its own child only.

The hub's spawner runs ``python -m sq2edu.hub.student``. It is the same Voilà server as
``sq2edu serve`` runs for a class (:class:`sq2edu.classroom.guard.ClassroomVoila`: a kernel
belongs to its page, a page sends widget messages only), with three differences:

- it answers under the hub's address for the user (``/user/<name>/``) and lets in only that
  user, signed in through the hub (:class:`sq2edu.hub.identity.HubIdentity`): another child,
  or a teacher, is refused;
- it has no JupyterLab, file browser, terminals or contents API: none is part of this
  server, and any other address ends at Voilà's files, which refuse it;
- it holds no database credential: the app keeps its records through the class service
  (:mod:`sq2edu.hub.remote`), with this server's own hub token.
"""

from __future__ import annotations

import os
import sys

__all__ = ["STUDENT_KERNELS", "main"]

#: Kernels one child's server may run at once: their page, and one being replaced.
STUDENT_KERNELS = 3


def main() -> None:
    """Run the child's server (``SQ2EDU_CLASS_SERVICE`` says where the class service is)."""
    from sq2edu.classroom.serve import NOTEBOOKS
    from sq2edu.hub.identity import run_voila

    if not os.environ.get("SQ2EDU_CLASS_SERVICE"):
        print("sq2edu: a child's server needs SQ2EDU_CLASS_SERVICE", file=sys.stderr)
        sys.exit(2)
    run_voila("classroom.ipynb", NOTEBOOKS["classroom.ipynb"], "students", STUDENT_KERNELS)


if __name__ == "__main__":
    main()
