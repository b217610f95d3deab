"""A student's server on the hub: the classroom's Voilà, serving the student app and
nothing else, to its own child only.

The hub's spawner runs ``python -m sq2edu.hub.student``. It is the same Voilà server as
``sq2edu serve`` runs for the class (:class:`sq2edu.classroom.guard.ClassroomVoila`: a
kernel belongs to its page, a page sends widget messages only), with three differences:

- it answers under the hub's address for the user (``/user/<name>/``) and lets in only that
  user, signed in through the hub (OAuth): another child, or a teacher, is refused;
- it has no JupyterLab, no file browser, no terminals and no contents API to refuse: none
  of them is part of this server;
- it holds no database credential: the app keeps its records through the class service
  (:mod:`sq2edu.hub.remote`), with this server's own hub token.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import (
    JupyterHubIdentityProvider,
    JupyterHubOAuthCallbackHandler,
)

__all__ = ["HubStudentIdentity", "main"]

#: Kernels one child's server may run at once: their page, and one being replaced.
STUDENT_KERNELS = 3


class HubStudentIdentity(JupyterHubIdentityProvider):  # type: ignore[misc]
    """The hub's sign-in for a Voilà of its own: the OAuth callback and sign-out under the
    server's address (Voilà adds an identity provider's pages at the root)."""

    def get_handlers(self) -> list[tuple[str, Any, dict[str, Any]] | tuple[str, Any]]:
        prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
        return [
            (url_path_join(prefix, "logout"), self.logout_handler_class),
            (
                url_path_join(prefix, "oauth_callback"),
                JupyterHubOAuthCallbackHandler,
                {"hub_auth": self.hub_auth},
            ),
        ]


def command(notebook: Path, host: str, port: int, prefix: str) -> list[str]:
    """The arguments of :func:`sq2edu.classroom.guard.main` for one child's server."""
    from sq2edu.classroom.serve import voila_arguments

    return [
        *voila_arguments(notebook, host, port, 0, max_kernels=STUDENT_KERNELS, token=None),
        f"--Voila.base_url={prefix}",
        "--Voila.auto_token=True",
        f"--Voila.identity_provider_class={HubStudentIdentity.__module__}.HubStudentIdentity",
    ]


def main() -> None:
    """Run the child's server where the hub's spawner asks (``JUPYTERHUB_SERVICE_URL``,
    ``JUPYTERHUB_SERVICE_PREFIX``)."""
    from sq2edu.classroom import guard
    from sq2edu.classroom.serve import write_notebooks

    if not os.environ.get("SQ2EDU_CLASS_SERVICE"):
        print("sq2edu: a student's server needs SQ2EDU_CLASS_SERVICE", file=sys.stderr)
        sys.exit(2)
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
    folder = Path(tempfile.mkdtemp(prefix="sq2edu-student-"))
    try:
        notebooks = write_notebooks(folder / "notebooks")
        os.environ["SQ2EDU_RUNTIME"] = str(folder)
        os.chdir(folder / "notebooks")
        arguments = command(
            notebooks["classroom.ipynb"], url.hostname or "127.0.0.1", url.port or 8888, prefix
        )
        arguments.append(f"--ClassroomVoila.runtime_dir={folder}")
        guard.main(arguments)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
