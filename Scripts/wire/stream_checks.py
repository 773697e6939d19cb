"""The wire judge's checks of streamed responses (server-sent events, JSON Lines, JSON Sequences): what is drawn and
sent, and the `response`, `invalidItem`, `truncated` and `reconnect` verdicts (Docs/wire-conformance.md, step 7)."""
import hypothesis.strategies as st

from check_support import _first, _header_text, _mutation, _refusal, is_valid
from driver_process import DriverCrash, DriverHang
from semantic_equality import differences
from stream_bodies import expected_items, stream_payload
from value_generation import GenerationError, expected_after_defaults, strategy, strip_undeclared, within_wire_limits


class StreamChecks:
    """Mixed into OperationChecks: its `_draw`, `_send`, `_count`, `_response_verdict`, `judge`, `driver` and `result`."""

    def _stream_plan(self, stream, status, rng):
        """Bodies for a streamed success response: streams of 0–3 items drawn from the item's schema (for events
        typed by name, each documented name's data, and a name the description does not list), framed as a server
        may frame them (LF, CRLF or CR line ends, a BOM, comments, ids, `retry`, data split over `data:` lines; blank
        lines and a last line without its newline in JSON Lines)."""
        kinds = []
        if stream.event_types:
            for name, data, base in stream.event_types:
                kinds.append((name,) + self._item_pool(data, base, f"response {status} event {name}", rng, text=True))
        else:
            kinds.append((None,) + self._item_pool(stream.item_schema, stream.base, f"response {status} items", rng,
                                                   text=stream.kind == "events"))
        kinds = [kind for kind in kinds if kind[1]]
        bodies = []
        for index in range(self.cases * 3 if kinds else 0):
            items = []
            # One empty stream among them (a feed with nothing new is a valid answer).
            for position in range(0 if index == self.cases * 3 - 1 else 1 + index % 3):
                name, pool, inline, schema = kinds[(index + position) % len(kinds)]
                item = {"data": pool[(index * 3 + position) % len(pool)], "text": inline is None}
                if stream.kind == "events":
                    item["event"] = name if stream.event_types else rng.choice([None, "update"])
                    item["id"] = rng.choice([None, None, f"wire-{index}.{position}"])
                    item["retry"] = rng.choice([None, None, 1500])
                    item["indent"] = rng.choice([None, 1])
                    item["idOnlyBefore"] = rng.random() < 0.15 and f"wire-{index}.{position}-alone"
                items.append(item)
            if stream.event_types and index % 4 == 1:
                items.append({"data": "an event\nthe description does not list", "text": True,
                              "event": "wire-undocumented", "id": None, "retry": None, "undocumented": True})
            bodies.append({"stream": stream.kind, "items": items,
                           "newline": rng.choice(["\n", "\r\n", "\r"] if stream.kind == "events" else ["\n", "\r\n"]),
                           "bom": stream.kind == "events" and rng.random() < 0.3,
                           "blankLines": rng.random() < 0.3, "finalNewline": rng.random() < 0.7,
                           "pieces": rng.random() < 0.5})
        return {"kind": stream.kind, "bodies": bodies,
                "schemas": {name: (inline, schema) for name, _, inline, schema in kinds},
                "typed_by_name": bool(stream.event_types)}

    def _item_pool(self, declared, base, what, rng, text=False):
        """(values, inline schema, bundled schema) for one kind of streamed item: drawn from its schema and valid,
        members no model holds left out; text (no CR, which ends an event's line) when `text` and nothing is
        declared (inline schema None); any JSON value when no schema is given for JSON items."""
        if declared is None and text:
            values = self._draw(lambda fallback: st.text(max_size=24).filter(lambda value: "\r" not in value),
                                what, rng.randrange(2**32))
            return values, None, None
        declared = {} if declared is None else declared
        schema = self.bundler.bundle(declared, base)
        try:
            inline = self.bundler.inline(declared, base)
            values = self._draw(lambda fallback: strategy(inline, None, is_valid, fallback_seed=fallback),
                                what, rng.randrange(2**32))
        except GenerationError as error:
            self.result["failures"].append(f"{what}: cannot generate an item: {error}")
            return [], None, None
        values = [strip_undeclared(value, inline) for value in values]
        return [value for value in values if is_valid(schema, value) and within_wire_limits(value)], inline, schema

    def _stream_verdict(self, outcome, plan, body):
        """Every item sent came back in order, meaning what was sent; events with their name, last event ID in effect
        and the `retry` their block set."""
        expected = expected_items(body)
        actual = outcome.get("items") or []
        if len(actual) != len(expected):
            return False, (f"HTTP {plan['code']} {plan['media_type']}: {len(expected)} item(s) sent, {len(actual)} read: "
                           f"{[item.get('text', item.get('body')) for item in actual][:3]}"[:300])
        for index, (sent, read) in enumerate(zip(expected, actual)):
            where = f"HTTP {plan['code']} {plan['media_type']} item {index}"
            if plan["stream"]["kind"] == "events":
                for field, key in (("event", "event"), ("id", "eventID"), ("retry", "retry")):
                    if sent[field] != read.get(key):
                        return False, f"{where}: {field} {read.get(key)!r}, sent {sent[field]!r}"
            if sent["text"]:
                if read.get("text") != sent["data"]:
                    return False, f"{where}: text {read.get('text')!r}, sent {sent['data']!r}"[:300]
                continue
            inline, _ = plan["stream"]["schemas"][sent.get("event") if plan["stream"]["typed_by_name"] else None]
            # A decoded Swift `String` comes back as `text`, whatever the media type.
            wanted, got = expected_after_defaults(sent["data"], inline, read["body"] if "body" in read else read.get("text"))
            found = differences(wanted, got, "")
            if found:
                return False, f"{where} round trip: " + "; ".join(found[:3])
        return True, None

    def _invalid_item_case(self, plans, rng, arguments):
        """A stream whose second item breaks the item's schema: the first item is read, then iterating throws
        `APIError.invalidResponse` with instance paths of that item jsonschema-rs reports too."""
        for plan in (p for p in plans if p["success"] and p.get("stream")):
            typed = plan["stream"]["typed_by_name"]
            for name, (inline, schema) in plan["stream"]["schemas"].items():
                if inline is None:
                    continue

                def matches(item, name=name):
                    return not item["text"] and (not typed or item.get("event") == name)
                for body in (body for body in plan["bodies"] if any(matches(item) for item in body["items"])):
                    good = next(item for item in body["items"] if matches(item))
                    mutated = _mutation(good["data"], schema, rng)
                    if mutated is not None:
                        break
                else:
                    continue
                broken = dict(body, items=[dict(good, id=None), dict(good, data=mutated, id=None)], blankLines=False)
                sent = self._send_for("invalidItem", arguments, plan, broken, _first(plan["header_sets"]), mutated=True)
                if sent is None:
                    return
                outcome = sent[0].get("outcome") or {}
                passed, message = _refusal(outcome, schema, mutated, "a streamed item")
                if not passed:
                    self._count("invalidItem", False, message)
                elif len(outcome.get("items") or []) != 1:
                    self._count("invalidItem", False, f"{len(outcome.get('items') or [])} item(s) read before the "
                                                      "invalid one, expected 1")
                else:
                    self._count("invalidItem", True)
                return

    def _truncated_stream_case(self, plans, arguments):
        """A stream whose connection drops inside its last item (fewer bytes than its `Content-Length`): the items
        before it are read, then iterating throws `APIError.streamTruncated` (not a shorter success, nor a decoding
        error about half an item)."""
        plan = next((p for p in plans if p["success"] and p.get("stream")), None)
        body = next((b for b in (plan or {}).get("bodies", ()) if len(b["items"]) >= 2), None)
        if body is None:
            return
        whole = stream_payload(dict(body, finalNewline=True))
        # The cut falls inside the last item: after the first byte of its data (JSON) or of its `data:` line.
        last = stream_payload(dict(body, items=body["items"][-1:], bom=False, finalNewline=True))
        cut = len(whole) - len(last) + last.index(b"data:" if body["stream"] == "events" else last.lstrip(b"\x1e")[:1]) + 1
        headers = {name: _header_text(value) for name, value in _first(plan["header_sets"]).items()}
        headers["Content-Length"] = str(len(whole))
        try:
            self.judge.expect(plan["code"], [whole[:cut]], plan["media_type"], headers)
            answer = self.driver.call(self.operation.key, arguments, self.judge.base_url)
        except (DriverHang, DriverCrash) as error:
            self._count("truncated", False, f"driver: {error}")
            return
        self.result["cases"].append({"arguments": arguments, "status": plan["code"], "body": body,
                                     "answer": answer, "truncatedAt": cut})
        outcome = answer.get("outcome") or {}
        read = len(outcome.get("items") or [])
        expected = len(expected_items(dict(body, items=body["items"][:-1])))
        passed = (outcome.get("kind"), outcome.get("caseName")) == ("apiError", "streamTruncated") and read == expected
        self._count("truncated", passed, f"a stream cut inside item {len(body['items']) - 1} of {len(body['items'])} "
                                         f"({cut} of {len(whole)} bytes): {outcome.get('kind')} "
                                         f"{outcome.get('caseName') or ''} after {read} item(s), expected "
                                         f"streamTruncated after {expected}: {(outcome.get('message') or '')[:200]}")

    def _reconnect_case(self, plans, arguments):
        """An event stream read with reconnection (`"reconnect": true`: the dispatcher calls `reconnecting(_:)`) whose
        connection drops inside its second event: the client must connect again after the server's `retry` with
        `Last-Event-ID` naming the last event it dispatched, read the rest from the second connection, connect once more
        when that one ends (with the last id of the rest), and stop for good on `204`; every event once, in order."""
        plan = next((p for p in plans if p["success"] and (p.get("stream") or {}).get("kind") == "events"), None)
        body = next((b for b in (plan or {}).get("bodies", ()) if len(b["items"]) >= 2), None)
        if body is None:
            return
        items = [dict(item, id=f"wire-r{index}", idOnlyBefore=False) for index, item in enumerate(body["items"])]
        items[0]["retry"] = 10
        body = dict(body, items=items, bom=False)
        first_event = stream_payload(dict(body, items=items[:1]))
        second = stream_payload(dict(body, items=items[1:2]))
        dropped = first_event + second[:second.index(b"data:") + 1]
        rest = stream_payload(dict(body, items=items[1:]))
        headers = {name: _header_text(value) for name, value in _first(plan["header_sets"]).items()}
        media_type = plan["media_type"]
        called = self._call_reconnecting([(plan["code"], [dropped], media_type,
                                           dict(headers, **{"Content-Length": str(len(dropped) + 100)})),
                                          (plan["code"], rest, media_type, headers), (204, b"", None, {})],
                                         arguments, plan, body)
        if called is None:
            return
        answer, last_ids = called
        expected_ids = [None, items[0]["id"], items[-1]["id"]]
        if last_ids != expected_ids:
            self._count("reconnect", False, f"requests' Last-Event-ID {last_ids}, expected {expected_ids}")
            return
        self._count("reconnect", *self._response_verdict(answer, plan, body))
        self._reconnect_exhausted(plan, body, arguments, dropped, second, headers)

    def _call_reconnecting(self, answers, arguments, plan, body, **marks):
        """Calls the operation with reconnection against the server's `answers`, one per connection; returns the answer
        and each request's `Last-Event-ID` (None when the driver failed, which is counted)."""
        try:
            self.judge.expect_each(answers)
            answer = self.driver.call(self.operation.key, dict(arguments, reconnect=True), self.judge.base_url)
        except (DriverHang, DriverCrash) as error:
            self._count("reconnect", False, f"driver: {error}")
            return None
        self.result["cases"].append({"arguments": arguments, "status": plan["code"], "body": body, "answer": answer,
                                     "reconnect": True, **marks})
        return answer, [next((v for k, v in record["headers"].items() if k.lower() == "last-event-id"), None)
                        for record in self.judge.records()]

    # The dispatcher's policy: `ReconnectionPolicy(maxAttempts: 2, defaultDelay: .milliseconds(10))`.
    MAX_RECONNECTIONS = 2

    def _reconnect_exhausted(self, plan, body, arguments, dropped, second, headers):
        """Reconnection is bounded: after the first event, every connection drops inside the next one before it
        completes, so no attempt delivers an event. The client makes the policy's attempts (each with the first event's
        `Last-Event-ID`), no more, and then throws `APIError.streamTruncated` after that one event."""
        partial = second[:second.index(b"data:") + 1]
        cut = dict(headers, **{"Content-Length": str(len(partial) + 100)})
        answers = [(plan["code"], [dropped], plan["media_type"], dict(headers, **{"Content-Length": str(len(dropped) + 100)}))]
        answers += [(plan["code"], [partial], plan["media_type"], cut)] * self.MAX_RECONNECTIONS
        answers.append((204, b"", None, {}))  # a request past the policy's attempts gets this, and fails the check
        called = self._call_reconnecting(answers, arguments, plan, body, exhausted=True)
        if called is None:
            return
        answer, last_ids = called
        first_id = body["items"][0]["id"]
        expected_ids = [None] + [first_id] * self.MAX_RECONNECTIONS
        outcome = answer.get("outcome") or {}
        read = len(outcome.get("items") or [])
        if last_ids != expected_ids:
            self._count("reconnect", False, f"connections that deliver no event: requests' Last-Event-ID {last_ids}, "
                                           f"expected {expected_ids} ({self.MAX_RECONNECTIONS} attempts, then stop)")
        elif (outcome.get("kind"), outcome.get("caseName")) != ("apiError", "streamTruncated") or read != 1:
            self._count("reconnect", False, f"attempts exhausted: {outcome.get('kind')} {outcome.get('caseName') or ''} "
                                           f"after {read} item(s), expected streamTruncated after 1: "
                                           f"{(outcome.get('message') or '')[:200]}")
        else:
            self._count("reconnect", True)
