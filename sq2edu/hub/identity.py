"""Voilà behind a school's hub: signed in through the hub (OAuth), at the hub's address.

Both of sq2edu's pages on the hub, the class server (:mod:`sq2edu.hub.classroom`) and the
teachers' dashboard (:mod:`sq2edu.hub.teachers`), are the classroom's Voilà
(:class:`sq2edu.classroom.server.guard.ClassroomVoila`) run by :func:`run_voila` with
:class:`HubIdentity`: the hub says who is at the page, and lets in only who may use it (a
child of the school; a teacher).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlparse

from jupyter_server.utils import url_path_join
from jupyterhub.services.auth import HubOAuth
from jupyterhub.singleuser.extension import (
    JupyterHubIdentityProvider,
    JupyterHubOAuthCallbackHandler,
)
from traitlets import default

__all__ = ["ClassroomIdentity", "HubIdentity", "run_voila"]


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


class ClassroomIdentity(HubIdentity):
    """The hub's sign-in with the service's hub token kept in this process only: kernels
    inherit the environment, so the class server (:mod:`sq2edu.hub.classroom`) takes the
    token out of it before any starts, and gives it here."""

    api_token: ClassVar[str] = ""

    @default("hub_auth")
    def _default_hub_auth(self) -> HubOAuth:
        return HubOAuth(parent=self, api_token=self.api_token)


def run_voila(
    notebook: str,
    source: str,
    role: str,
    max_kernels: int,
    *,
    pool: int = 0,
    refill: float = 0.0,
    identity: str = f"{__name__}.HubIdentity",
    options: Sequence[str] = (),
) -> None:
    """Serve a one-cell notebook of ``source`` where the hub asks
    (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``), until stopped.

    :param role: ``ClassroomVoila.role`` (``"students"`` or ``"hub-teachers"``).
    :param pool: warm kernels kept ready, replaced ``refill`` seconds after one is taken.
    :param identity: the identity provider's class (dotted name).
    :param options: more of ``ClassroomVoila``'s settings (``--ClassroomVoila.x=y``).
    """
    from sq2edu.classroom.server import guard
    from sq2edu.classroom.server.serve import (
        POOL_REFILL_SECONDS,
        voila_arguments,
        write_cell_notebook,
    )
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
            pool,
            refill or POOL_REFILL_SECONDS,
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
                f"--Voila.identity_provider_class={identity}",
                *options,
            ]
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
