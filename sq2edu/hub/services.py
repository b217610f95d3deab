"""The hub's three services by name, and the class server's size.

Apart from the services themselves so that the hub's configuration, which the hub reads as
it starts, loads none of them (the teachers' desk brings the widgets, the class service the
computer players and sympy).
"""

from __future__ import annotations

__all__ = ["CLASSROOM", "CLASS_KERNELS", "CLASS_SERVICE", "POOL", "TEACHERS"]

#: The class service: a child's or a teacher's calls on the class's store (and the scope a
#: student's token needs).
CLASS_SERVICE = "sq2edu-class"
#: The class server: every child's app, one Voilà for the school.
CLASSROOM = "sq2edu-classroom"
#: The teachers' dashboard.
TEACHERS = "sq2edu-teachers"
#: Kernels the class server may run at once (warm ones included): three classes of thirty
#: and the warm pool, which a reloaded page takes from (its old kernel goes a minute later).
CLASS_KERNELS = 120
#: Warm kernels the class server keeps ready: a class of thirty arriving at once each finds
#: one (a kernel costs two seconds of a core to start; on two cores a pool of ten left the
#: last children of three classes arriving together waiting six seconds for their page).
POOL = 30
