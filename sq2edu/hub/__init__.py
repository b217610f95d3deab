"""A whole school on JupyterHub: many classes, their teachers, and one store.

- :mod:`sq2edu.hub.auth`: children sign in with their class code and nickname, teachers with
  a password.
- :mod:`sq2edu.hub.student`: each child's server runs the student app and nothing else.
- :mod:`sq2edu.hub.service`: the class service, the one place (with the hub) that holds the
  store's credential; :mod:`sq2edu.hub.remote` is the store a child's server uses through it.
- :mod:`sq2edu.hub.config`: the hub's configuration, and ``sq2edu hub`` on one machine.

``docs/deploy.md`` explains the whole for a school's IT person.
"""
