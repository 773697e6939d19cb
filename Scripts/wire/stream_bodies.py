"""The bytes a planned stream is sent as, and what a client must yield for it (the wire judge's streams: events,
JSON Lines, JSON Sequences; Docs/wire-conformance.md, step 7). Pure functions of a planned body."""
import json


def event_lines(item):
    """An event's data as `data:` lines: text split at LF (a CR never occurs), JSON compact or indented."""
    text = item["data"] if item["text"] else json.dumps(item["data"], indent=item.get("indent"))
    return text.split("\n")


def stream_payload(body):
    """The bytes of a planned stream: events, JSON Lines or a JSON Sequence (RFC 7464)."""
    newline = body["newline"]
    if body["stream"] == "events":
        out = ("\ufeff" if body.get("bom") else "") + ": the wire judge" + newline
        for item in body["items"]:
            if item.get("idOnlyBefore"):
                out += "id: " + item["idOnlyBefore"] + newline + newline
            for field in ("id", "event", "retry"):
                if item.get(field) is not None:
                    out += f"{field}: {item[field]}" + newline
            out += "".join("data: " + line + newline for line in event_lines(item)) + newline
        return out.encode("utf-8")
    if body["stream"] == "sequence":
        return "".join("\x1e" + json.dumps(item["data"]) + "\n" for item in body["items"]).encode("utf-8")
    lines = [json.dumps(item["data"]) for item in body["items"]]
    separator = newline + newline if body.get("blankLines") else newline
    out = separator.join(lines)
    if lines and body.get("finalNewline"):
        out += newline
    return out.encode("utf-8")


def pieces(payload):
    """`payload` cut where a reader that handles one read at a time goes wrong: after every CR (its LF comes in the
    next read), inside the first character (a BOM, or a delimiter) and inside every multi-byte UTF-8 character."""
    cuts = {1} if len(payload) > 1 else set()
    for index, byte in enumerate(payload[:-1]):
        if byte == 0x0D or (byte >= 0xC0 and index + 1 < len(payload)):
            cuts.add(index + 1)
    cuts = sorted(cuts)[:64]
    return [payload[start:end] for start, end in zip([0] + cuts, cuts + [len(payload)]) if start < end]


def expected_items(body):
    """What the client must yield for a planned stream: every item in order; an event with its name (`message`
    when none), the last event ID in effect (an id-only block sets it too) and the `retry` of its block."""
    expected, last_id = [], None
    for item in body["items"]:
        entry = {"data": item["data"], "text": item["text"], "event": item.get("event")}
        if body["stream"] == "events":
            last_id = item.get("idOnlyBefore") or last_id
            last_id = item["id"] if item.get("id") is not None else last_id
            entry.update(event=item.get("event") or "message", id=last_id, retry=item.get("retry"))
        expected.append(entry)
    return expected
