"""The kernel a classroom server starts for each page: IPython's kernel without its debugger.

ipykernel imports ``debugpy`` at every start so that JupyterLab can debug a notebook. A
child's page can never ask for that (:data:`~sq2edu.classroom.server.guard.PAGE_MESSAGES`
lets only widget and kernel-info messages through), yet it costs every kernel about 7 MB
of memory and 60 ms of CPU at its start (a kernel running the class app: 85 MB instead of
93 MB): some 220 MB on a teacher's laptop with a class of thirty. The classroom's servers
start the ``python3`` kernel with this module instead (:class:`ClassKernelSpecs`), which
makes ``debugpy`` unimportable before ipykernel loads; ipykernel then runs as it does
wherever ``debugpy`` is not installed.

Run as ``python -m sq2edu.classroom.server.class_kernel -f <connection file>``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

__all__ = ["KERNEL_NAME", "ClassKernelSpecs", "is_class_kernel", "main"]

#: The kernel every notebook of the classroom names (:func:`~.serve.write_cell_notebook`, the
#: lessons' notebooks).
KERNEL_NAME = "python3"


class ClassKernelSpecs(KernelSpecManager):
    """Jupyter's kernel specs, with ``python3`` started by :func:`main` (no debugger).

    A classroom server's ``VoilaConfiguration.kernel_spec_manager_class``.
    """

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        spec: KernelSpec = super().get_kernel_spec(kernel_name)
        if kernel_name == KERNEL_NAME:
            spec.argv = [sys.executable, "-m", __name__, "-f", "{connection_file}"]
            spec.metadata = {**spec.metadata, "debugger": False}
        return spec


def is_class_kernel(command: Sequence[str]) -> bool:
    """Whether ``command`` (a process's arguments) runs a class kernel.

    >>> is_class_kernel(["python", "-m", "sq2edu.classroom.server.class_kernel", "-f", "k.json"])
    True
    >>> is_class_kernel(["python", "-m", "ipykernel_launcher", "-f", "k.json"])
    False
    """
    return any(list(command[at : at + 2]) == ["-m", __name__] for at in range(len(command)))


def main() -> None:
    """Start IPython's kernel, with ``debugpy`` unimportable."""
    # A module set to None in sys.modules raises ImportError when imported: ipykernel's
    # debugger module then marks the debugger as unavailable.
    sys.modules["debugpy"] = None  # type: ignore[assignment]
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()


if __name__ == "__main__":
    main()
