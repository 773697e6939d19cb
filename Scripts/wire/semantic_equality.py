"""Semantic equality of values: the same values, not the same bytes.

Numbers compare by value (1 == 1.0), date-times by the instant they name (to the microsecond a Swift `Date` keeps),
UUIDs case-insensitively; absent and null stay different. `differences` returns readable paths of what differs.
"""
import base64
import calendar
import datetime
import decimal
import re
import uuid

_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


def parse_date_time(text):
    if not isinstance(text, str) or not _DATE_TIME.match(text):
        return None
    normalised = text.replace("z", "Z").replace("t", "T").replace(" ", "T")
    match = re.match(r"^(.*?)(\.\d+)?(Z|[+-]\d{2}:\d{2})$", normalised)
    head, fraction, zone = match.group(1), match.group(2) or "", match.group(3)
    zone = "+00:00" if zone == "Z" else zone
    try:
        moment = datetime.datetime.fromisoformat(head + zone)
    except ValueError:
        return None
    micro = decimal.Decimal("0" + fraction) if fraction else decimal.Decimal(0)
    whole = calendar.timegm(moment.astimezone(datetime.timezone.utc).utctimetuple())
    return decimal.Decimal(whole) + micro


def _tolerance(moment):
    """What a Swift `Date` (a Double of seconds since 2001) keeps of an instant: a microsecond near the present,
    a few more for centuries away (two units in the last place)."""
    ulp = abs(float(moment) - 978307200.0) * 2.0 ** -52
    return max(decimal.Decimal("0.000001"), decimal.Decimal(repr(2 * ulp + 1e-6)))


def _is_number(value):
    return isinstance(value, (int, float, decimal.Decimal)) and not isinstance(value, bool)


def differences(expected, actual, path="", limit=5, wire_scalars=False):
    """Paths where `actual` does not mean what `expected` means (at most `limit`).

    `wire_scalars` is for parameters: their text cannot tell the string "0" from the number 0, so a reader of a
    schema that allows both (`anyOf: [integer, string]`) takes its first alternative. A string and a number or boolean
    are then the same value when they are written the same way.
    """
    found = []
    _compare(expected, actual, path, found, wire_scalars)
    return found[:limit]


def _wire_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if _is_number(value):
        return str(value)
    return value if isinstance(value, str) else None


def _compare(expected, actual, path, found, wire_scalars=False):
    if len(found) > 8:
        return
    where = path or "/"
    if wire_scalars and isinstance(expected, str) != isinstance(actual, str) \
            and _wire_text(expected) is not None and _wire_text(actual) is not None:
        if _wire_text(expected) != _wire_text(actual):
            found.append(f"{where}: expected {expected!r}, got {actual!r}")
        return
    if isinstance(actual, datetime.datetime):
        moment = parse_date_time(expected)
        utc = actual.astimezone(datetime.timezone.utc) if actual.tzinfo else actual
        actual_moment = decimal.Decimal(calendar.timegm(utc.utctimetuple())) + decimal.Decimal(actual.microsecond) / 10**6
        if moment is None or abs(moment - actual_moment) > _tolerance(moment):
            found.append(f"{where}: expected {expected!r}, got {actual.isoformat()}")
        return
    if isinstance(actual, datetime.date):
        if expected != actual.isoformat():
            found.append(f"{where}: expected {expected!r}, got {actual.isoformat()}")
        return
    if isinstance(actual, uuid.UUID):
        if not isinstance(expected, str) or expected.lower() != str(actual):
            found.append(f"{where}: expected {expected!r}, got {actual}")
        return
    if isinstance(actual, (bytes, bytearray)):
        if isinstance(expected, str) and (expected.encode("utf-8") == actual or _b64(expected) == actual):
            return
        found.append(f"{where}: expected {expected!r}, got bytes {bytes(actual)[:40]!r}")
        return
    if _is_number(expected) and _is_number(actual):
        if isinstance(expected, int) and isinstance(actual, int):
            equal = expected == actual
        else:
            equal = decimal.Decimal(str(expected)) == decimal.Decimal(str(actual)) or float(expected) == float(actual)
        if not equal:
            found.append(f"{where}: expected {expected!r}, got {actual!r}")
        return
    if isinstance(expected, str) and isinstance(actual, str):
        if expected != actual and _UUID.match(expected) and expected.lower() == actual.lower():
            return  # RFC 4122: case-insensitive on input (Foundation writes upper case)
        if expected != actual and len(expected) % 4 == 0 and _b64(expected) == actual.encode("utf-8"):
            return  # `format: byte`: openapi-core hands over the decoded value
        if expected != actual:
            left, right = parse_date_time(expected), parse_date_time(actual)
            if left is None or right is None or abs(left - right) > _tolerance(left):
                found.append(f"{where}: expected {expected!r}, got {actual!r}")
        return
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in expected:
            if key not in actual:
                found.append(f"{path}/{key}: expected {_short(expected[key])}, absent")
            else:
                _compare(expected[key], actual[key], f"{path}/{key}", found, wire_scalars)
        for key in actual:
            if key not in expected:
                found.append(f"{path}/{key}: not sent, got {_short(actual[key])}")
        return
    if isinstance(expected, list) and isinstance(actual, (list, tuple)):
        if len(expected) != len(actual):
            found.append(f"{where}: expected {len(expected)} items, got {len(actual)}")
            return
        for index, (left, right) in enumerate(zip(expected, actual)):
            _compare(left, right, f"{path}/{index}", found, wire_scalars)
        return
    if expected != actual or type(expected) is not type(actual):
        found.append(f"{where}: expected {_short(expected)}, got {_short(actual)}")


def _b64(text):
    try:
        return base64.b64decode(text, validate=True)
    except Exception:
        return None


def _short(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
