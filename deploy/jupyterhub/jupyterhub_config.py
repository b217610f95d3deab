# A school's JupyterHub for sq2edu: `jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`.
#
# sq2edu's sign-in, children's servers, class service and teachers' dashboard come from
# sq2edu.hub.config.SchoolHub (docs/deploy.md, "A whole school on JupyterHub"): its options
# are set here as c.SchoolHub.<option>, and `jupyterhub --help-all` lists them with the
# hub's own. The same lines go into a school's existing jupyterhub_config.py.
from sq2edu.hub.config import SchoolHub

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub provides it

# The school's store: a file only the hub's account can read (chmod 600), holding the
# address with its password, postgresql://sq2edu:PASSWORD@db.school.example/sq2edu.
# The only option without a default.
c.SchoolHub.db_file = "/etc/sq2edu/store-address"
# The address and port children and teachers reach (the proxy's).
c.SchoolHub.ip = ""
c.SchoolHub.port = 8000
# The hub's own folder: its database, the cookie secret (back it up) and its keys.
c.SchoolHub.data = "/var/lib/sq2edu-hub"
# Children's servers in containers, each with sq2edu installed ('sq2edu[hub]'):
# "kubespawner.KubeSpawner" with the JupyterHub Helm chart, or
# "dockerspawner.DockerSpawner" on one large machine (then c.SchoolHub.service_ip is the
# hub machine's address as the containers see it). The default,
# SimpleLocalProcessSpawner, is for trying the hub on one machine.
c.SchoolHub.spawner = "jupyterhub.spawner.SimpleLocalProcessSpawner"
# Fixed ports for a firewall (0: a free one at each start):
# c.SchoolHub.hub_port = 8081
# c.SchoolHub.proxy_api_port = 8001
# c.SchoolHub.service_port = 8090
# c.SchoolHub.teachers_port = 8091
# JupyterHub's proxy, when it is neither on the PATH nor in .hub/node_modules/.bin:
# c.SchoolHub.proxy = "/usr/local/bin/configurable-http-proxy"
# Stop a child's server after this many seconds without use (0: never).
# c.SchoolHub.cull_after = 3600

SchoolHub(config=c).apply(c)

# TLS, when no reverse proxy in front of the hub does it:
# c.JupyterHub.ssl_cert = "/etc/letsencrypt/live/maths.school.example/fullchain.pem"
# c.JupyterHub.ssl_key = "/etc/letsencrypt/live/maths.school.example/privkey.pem"
