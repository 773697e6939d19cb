"""The compiled WireDriver as a child process: one JSON line in, one JSON line out, with a time limit per call."""
import json
import os
import select
import subprocess
import time


class DriverHang(Exception):
    """The driver did not answer in time (it is killed and restarted)."""


class DriverCrash(Exception):
    """The driver exited while a call was in flight."""


class DriverProcess:
    def __init__(self, executable, timeout=60.0):
        self.executable = executable
        self.timeout = timeout
        self.process = None
        self.buffer = b""
        self.start()

    def start(self):
        self.process = subprocess.Popen([str(self.executable)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, bufsize=0)
        self.buffer = b""

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def call(self, operation, arguments, base_url):
        line = json.dumps({"operation": operation, "arguments": arguments, "baseURL": base_url}) + "\n"
        try:
            self.process.stdin.write(line.encode("utf-8"))
            self.process.stdin.flush()
        except BrokenPipeError:
            raise self._crashed()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.process.kill()
                self.process.wait()
                self.start()
                raise DriverHang(f"no answer within {self.timeout:.0f} s")
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise self._crashed()
                self.buffer += chunk
        text, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(text)

    def _crashed(self):
        self.process.wait()
        stderr = self.process.stderr.read().decode("utf-8", "replace")[-2000:]
        status = self.process.returncode
        self.start()
        return DriverCrash(f"driver exited with status {status}: {stderr.strip()}")
