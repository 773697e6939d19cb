"""The wire judge's checks of the transfer variants: the download to a file, the upload from a file, multipart file
parts sent from disk (`download`, `upload`, `filesOnDisk`; Docs/wire-conformance.md, step 8)."""
import base64
import json

from check_support import _first, _header_text
from driver_process import DriverCrash, DriverHang


class TransferChecks:
    """Mixed into OperationChecks: its `_send`, `_count`, the verdicts, `operation`, `judge`, `driver` and `result`."""

    def _download_case(self, plans, arguments):
        """The download-to-file variant (`<key> download`): a success body is written to the file byte for byte (its
        documented headers read as sent), and a documented error is thrown as the operation's error case, like the
        plain method's (not `unexpectedStatus`)."""
        if not self.operation.downloads:
            return
        key = self.operation.key + " download"
        success = next((p for p in plans if p["success"] and p["bodies"] and isinstance(p["bodies"][-1], dict)
                        and set(p["bodies"][-1]) == {"base64"}), None)
        error = next((p for p in plans if not p["success"] and p["schema"] is not None and p["bodies"]), None)
        for plan in (p for p in (success, error) if p is not None):
            body = plan["bodies"][-1]
            headers = {name: _header_text(value) for name, value in _first(plan["header_sets"]).items()}
            payload = base64.b64decode(body["base64"]) if plan["success"] else json.dumps(body).encode("utf-8")
            try:
                self.judge.expect(plan["code"], payload, plan["media_type"], headers)
                answer = self.driver.call(key, arguments, self.judge.base_url)
            except (DriverHang, DriverCrash) as error:
                self._count("download", False, f"driver: {error}")
                return
            self.result["cases"].append({"arguments": arguments, "status": plan["code"], "body": body,
                                         "answer": answer, "download": True})
            if "failure" in answer:
                self._count("download", False, f"driver could not dispatch {key}: {answer['failure']}")
                continue
            # A download whose success documents headers is dispatched through its `WithHeaders` overload: what its
            # struct read must mean what the server sent, as for the plain method's variant.
            self._count("download", *self._response_verdict(answer, plan, body, headers if plan["success"] else None))
        if success is not None:
            self._download_broken_header(key, success, arguments)

    def _download_broken_header(self, key, plan, arguments):
        """A success whose documented header breaks its schema (a required one left out, a word for a number) is
        refused before its body is written, as the plain method refuses it: `invalidResponse` naming the header."""
        broken = next(((header, self._broken_header(header)) for header in plan.get("headers", ())
                       if self._broken_header(header) is not None), None)
        if broken is None:
            return
        header, (value, keyword) = broken
        headers = {name: _header_text(v) for name, v in _first(plan["header_sets"]).items()
                   if name.lower() != header.name.lower()}
        if value is not None:
            headers[header.name] = value
        body = plan["bodies"][-1]
        try:
            self.judge.expect(plan["code"], base64.b64decode(body["base64"]), plan["media_type"], headers)
            answer = self.driver.call(key, arguments, self.judge.base_url)
        except (DriverHang, DriverCrash) as error:
            self._count("download", False, f"driver: {error}")
            return
        self.result["cases"].append({"arguments": arguments, "status": plan["code"], "body": body, "answer": answer,
                                     "download": True, "headers": headers, "brokenHeader": header.name})
        outcome = answer.get("outcome") or {}
        named = [v for v in outcome.get("violations") or []
                 if (v.get("header") or "").lower() == header.name.lower() and v.get("keyword") == keyword]
        what = "missing" if value is None else repr(value)
        if "failure" in answer:
            self._count("download", False, f"driver could not dispatch {key}: {answer['failure']}")
        elif outcome.get("kind") != "invalidResponse":
            self._count("download", False, f"HTTP {plan['code']} with header {header.name} {what} was accepted by the "
                                           f"download variant ({outcome.get('kind')})")
        elif not named:
            self._count("download", False, f"HTTP {plan['code']} with header {header.name} {what}: no `{keyword}` "
                                           f"violation names the header: {outcome.get('violations')}"[:300])
        else:
            self._count("download", True)

    def _upload_case(self, plans, chosen):
        """The upload-from-file variant (`<key> upload`, the dispatcher writes the `body` argument to a file): the
        server must receive the file's bytes with the Content-Type the plain method sends, and the documented success
        must come back as from the plain method."""
        if not self.operation.uploads:
            return
        arguments = next((a for a in chosen if a.get("body") is not None), None)
        plan = next((p for p in plans if p["success"]), None)
        if arguments is None or plan is None:
            return
        body = plan["bodies"][0]
        headers = _first(plan["header_sets"])
        sent = self._send_for("upload", arguments, plan, body, headers, key=self.operation.key + " upload", upload=True)
        if sent is None:
            return
        answer, records = sent
        if "failure" in answer:
            self._count("upload", False, f"driver could not dispatch the upload variant: {answer['failure']}")
            return
        passed, message = self._request_verdict(arguments, records)
        if passed:
            passed, message = self._response_verdict(answer, plan, body, headers)
        self._count("upload", passed, message)

    def _files_on_disk_case(self, plans, chosen):
        """A multipart body whose file parts are `MultipartFile(contentsOf:)` (the dispatcher writes each to a file):
        sent from disk through the runtime's file-backed form, it must arrive as the same parts as from memory."""
        body = self.operation.body
        if body is None or not body.has_files:
            return
        # The argument set with the most parts (optional file parts are often left out of a draw).
        arguments = max((a for a in chosen if isinstance(a.get("body"), dict) and a["body"]), key=lambda a: len(a["body"]),
                        default=None)
        plan = next((p for p in plans if p["success"]), None)
        if arguments is None or plan is None:
            return
        arguments = dict(arguments, filesOnDisk=True)
        response = plan["bodies"][0]
        headers = _first(plan["header_sets"])
        sent = self._send_for("filesOnDisk", arguments, plan, response, headers)
        if sent is None:
            return
        answer, records = sent
        passed, message = self._request_verdict(arguments, records)
        if passed:
            passed, message = self._response_verdict(answer, plan, response, headers)
        self._count("filesOnDisk", passed, message)
