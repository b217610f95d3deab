"""The classroom's kernel: IPython's kernel without its debugger, started by a real
jupyter_client kernel manager from the classroom's kernel specs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_client.manager import KernelManager
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

from sq2edu.classroom.server.class_kernel import KERNEL_NAME, ClassKernelSpecs, is_class_kernel
from sq2edu.classroom.server.serve import voila_arguments

#: Seconds a kernel may take to start and answer.
ANSWER_SECONDS = 60


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KernelManager]:
    """One class kernel, as a classroom server starts it (Unix sockets, the class specs)."""
    folder = tmp_path_factory.mktemp("kernel")
    manager = KernelManager(
        kernel_name=KERNEL_NAME,
        kernel_spec_manager=ClassKernelSpecs(),
        transport="ipc",
        ip=str(folder / "kernel"),
    )
    manager.start_kernel(cwd=str(folder))
    try:
        yield manager
    finally:
        manager.shutdown_kernel(now=True)


def _run(manager: KernelManager, code: str) -> Any:
    """Run ``code`` in the kernel and return what its last line printed, read as JSON."""
    client = manager.blocking_client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=ANSWER_SECONDS)
        printed: list[str] = []

        def keep(message: dict[str, Any]) -> None:
            if message["msg_type"] == "stream":
                printed.append(message["content"]["text"])
            elif message["msg_type"] == "error":
                printed.append(json.dumps({"error": message["content"]["evalue"]}))

        reply = client.execute_interactive(code, timeout=ANSWER_SECONDS, output_hook=keep)
        assert reply["content"]["status"] == "ok", printed
        return json.loads("".join(printed).strip().splitlines()[-1])
    finally:
        client.stop_channels()


def test_the_python3_kernel_of_a_classroom_is_started_by_the_class_kernel() -> None:
    spec = ClassKernelSpecs().get_kernel_spec(KERNEL_NAME)
    assert spec.argv[1:] == [
        "-m",
        "sq2edu.classroom.server.class_kernel",
        "-f",
        "{connection_file}",
    ]
    assert spec.metadata["debugger"] is False
    assert spec.language == "python"


def test_every_classroom_server_uses_the_class_kernel_specs(tmp_path: Path) -> None:
    # The one list of a classroom server's settings, for sq2edu serve and the hub's alike.
    arguments = voila_arguments(tmp_path / "classroom.ipynb", "127.0.0.1", 8866, pool=1)
    assert (
        "--VoilaConfiguration.kernel_spec_manager_class="
        "sq2edu.classroom.server.class_kernel.ClassKernelSpecs"
    ) in arguments


def test_a_class_kernel_runs_code_and_widgets_without_loading_the_debugger(
    kernel: KernelManager,
) -> None:
    found = _run(
        kernel,
        "import json, sys, ipywidgets\n"
        "from sq2edu.classroom.widgets.app import StudentApp\n"
        "loaded = [m for m, module in sys.modules.items() if module is not None]\n"
        "print(json.dumps({'debugpy': [m for m in loaded if m.startswith(('debugpy', '_pydevd'))],"
        " 'sum': 2 + 3, 'button': ipywidgets.Button(description='Go').description}))",
    )
    assert found == {"debugpy": [], "sum": 5, "button": "Go"}
    assert isinstance(kernel.provisioner, LocalProvisioner)
    assert is_class_kernel(psutil.Process(kernel.provisioner.pid).cmdline())


def test_a_class_kernel_says_it_has_no_debugger(kernel: KernelManager) -> None:
    client = kernel.blocking_client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=ANSWER_SECONDS)
        client.kernel_info()
        reply = client.get_shell_msg(timeout=ANSWER_SECONDS)
    finally:
        client.stop_channels()
    assert reply["msg_type"] == "kernel_info_reply"
    assert reply["content"]["status"] == "ok"
    # Jupyter's frontends offer a debugger only to a kernel that lists it among its features.
    assert "debugger" not in reply["content"]["supported_features"]
