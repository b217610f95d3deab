"""The classroom's two Voilà servers and what makes them fit for a school network: names,
shares of kernels and connections, the kernels' pool and care, the log, and the teacher's
HTTP addresses. Runs in the server process; the widgets read only what it tells their kernel
(:mod:`~sq2edu.classroom.server.client`, :mod:`~sq2edu.classroom.server.kernel_log`)."""
