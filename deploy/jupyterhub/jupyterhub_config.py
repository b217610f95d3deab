# A school's JupyterHub for sq2edu: `jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`.
#
# sq2edu's sign-in, class server, class service and teachers' dashboard come from
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
# The names children reach the hub by: the class server answers to these (and to the
# machine's own addresses), and refuses pages of any other name.
c.SchoolHub.names = ["maths.school.example"]
# Fixed ports for a firewall (0: a free one at each start):
# c.SchoolHub.hub_port = 8081
# c.SchoolHub.proxy_api_port = 8001
# c.SchoolHub.service_port = 8090
# c.SchoolHub.teachers_port = 8091
# c.SchoolHub.classroom_port = 8092
# JupyterHub's proxy, when it is neither on the PATH nor in .hub/node_modules/.bin:
# c.SchoolHub.proxy = "/usr/local/bin/configurable-http-proxy"
# The class server's size: kernels at once (one per child's page, about 90 MB each), and
# the warm ones kept ready for children arriving.
# c.SchoolHub.class_kernels = 120
# c.SchoolHub.class_pool = 30

SchoolHub(config=c).apply(c)

# TLS, when no reverse proxy in front of the hub does it:
# c.JupyterHub.ssl_cert = "/etc/letsencrypt/live/maths.school.example/fullchain.pem"
# c.JupyterHub.ssl_key = "/etc/letsencrypt/live/maths.school.example/privkey.pem"
