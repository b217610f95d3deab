"""Voilà behind a school's hub: signed in through the hub (OAuth), at the hub's address.

Both of sq2edu's pages on the hub, a child's server (:mod:`sq2edu.hub.student`) and the
teachers' dashboard (:mod:`sq2edu.hub.teachers`), are the classroom's Voilà
(:class:`sq2edu.classroom.guard.ClassroomVoila`) run by :func:`run_voila` with
:class:`HubIdentity`: the hub says who is at the page, and lets in only who may use it (the
server's own child; a teacher).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import (
    JupyterHubIdentityProvider,
    JupyterHubOAuthCallbackHandler,
)

__all__ = ["HubIdentity", "run_voila"]


class HubIdentity(JupyterHubIdentityProvider):  # type: ignore[misc]
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


def run_voila(notebook: str, source: str, role: str, max_kernels: int) -> None:
    """Serve a one-cell notebook of ``source`` where the hub asks
    (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``), until stopped.

    :param role: ``ClassroomVoila.role`` (``"students"`` or ``"hub-teachers"``).
    """
    from sq2edu.classroom import guard
    from sq2edu.classroom.serve import voila_arguments, write_cell_notebook
    from sq2edu.hub import stop_on_interrupt, stop_with_hub

    stop_on_interrupt()
    stop_with_hub()
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    prefix = os.environ["JUPYTERHUB_SERVICE_PREFIX"]
    folder = Path(tempfile.mkdtemp(prefix="sq2edu-hub-"))
    try:
        (folder / "notebooks").mkdir()
        path = write_cell_notebook(folder / "notebooks" / notebook, source)
        os.environ["SQ2EDU_RUNTIME"] = str(folder)
        os.chdir(folder / "notebooks")
        arguments = voila_arguments(
            path,
            url.hostname or "127.0.0.1",
            url.port or 8888,
            0,
            role=role,
            max_kernels=max_kernels,
            runtime=folder,
            token=None,
        )
        guard.main(
            [
                *arguments,
                f"--Voila.base_url={prefix}",
                "--Voila.auto_token=True",
                f"--Voila.identity_provider_class={__name__}.HubIdentity",
            ]
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
