"""RFC 9110 §12.5.1 `Accept` matching, as a content-negotiating server does it: which media types a request accepts.

A server may answer 406 Not Acceptable when none of its representations matches `Accept` (JAX-RS, Spring and ASP.NET
do for an endpoint that produces one type), so a client that reads `image/png` but says `Accept: application/json`
gets no image from them. The judge holds every documented response the client reads to the `Accept` it sent.
"""


def _split_outside_quotes(text, separator):
    parts, current, quoted, escaped = [], [], False, False
    for character in text:
        if escaped:
            escaped = False
        elif character == "\\" and quoted:
            escaped = True
        elif character == '"':
            quoted = not quoted
        elif character == separator and not quoted:
            parts.append("".join(current))
            current = []
            continue
        current.append(character)
    parts.append("".join(current))
    return parts


def media_ranges(accept):
    """The media ranges of an `Accept` value as (type, subtype, weight); malformed members are left out."""
    ranges = []
    for member in _split_outside_quotes(accept or "", ","):
        pieces = [piece.strip() for piece in _split_outside_quotes(member, ";")]
        if not pieces[0] or "/" not in pieces[0]:
            continue
        kind, _, subtype = pieces[0].lower().partition("/")
        weight = 1.0
        for parameter in pieces[1:]:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value.strip())
                except ValueError:
                    weight = 0.0
        ranges.append((kind.strip(), subtype.strip(), weight))
    return ranges


def accepts(accept, media_type):
    """Whether a request with this `Accept` value (None: the header was not sent, which accepts anything) admits a
    response of `media_type`; the most specific matching range decides, and weight 0 refuses."""
    if accept is None:
        return True
    kind, _, subtype = media_type.split(";")[0].strip().lower().partition("/")
    best = None
    for range_kind, range_subtype, weight in media_ranges(accept):
        if range_kind == "*" and range_subtype == "*":
            specificity = 0
        elif range_kind == kind and range_subtype == "*":
            specificity = 1
        elif range_kind == kind and range_subtype == subtype:
            specificity = 2
        elif kind == "*" or (subtype == "*" and range_kind == kind):
            # A documented range (`image/*`, `*/*`) is admitted by any range it overlaps.
            specificity = 0
        else:
            specificity = None
        if specificity is not None and (best is None or specificity > best[0]):
            best = (specificity, weight)
    return best is not None and best[1] > 0
