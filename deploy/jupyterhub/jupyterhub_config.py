# A school's JupyterHub for sq2edu: `jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`.
#
# sq2edu's sign-in, children's servers, class service and teachers' dashboard come from
# sq2edu.hub.config.configure (docs/deploy.md, "A whole school on JupyterHub"). What is left
# to the school is here: the store, the address, and how children's servers are started.
import os
from pathlib import Path

from sq2edu.hub.config import configure

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub provides it

configure(
    c,
    # The school's store. Keep its password in this process's environment (a systemd unit's
    # Environment=, readable by root only) or in ~/.pgpass, never in this file.
    os.environ.pop("SQ2EDU_DB"),
    ip=os.environ.get("SQ2EDU_HUB_IP", ""),
    port=int(os.environ.get("SQ2EDU_HUB_PORT", "8000")),
    data=Path(os.environ.get("SQ2EDU_HUB_DATA", "/var/lib/sq2edu-hub")),
    # Children's servers in containers, each with sq2edu installed ('sq2edu[hub]'):
    # "kubespawner.KubeSpawner" with the JupyterHub Helm chart, or
    # "dockerspawner.DockerSpawner" on one large machine. The default,
    # SimpleLocalProcessSpawner, is for trying the hub on one machine.
    spawner=os.environ.get("SQ2EDU_SPAWNER", "jupyterhub.spawner.SimpleLocalProcessSpawner"),
)

# TLS, when no reverse proxy in front of the hub does it:
# c.JupyterHub.ssl_cert = "/etc/letsencrypt/live/maths.school.example/fullchain.pem"
# c.JupyterHub.ssl_key = "/etc/letsencrypt/live/maths.school.example/privkey.pem"
