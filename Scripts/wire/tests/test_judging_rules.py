"""Unit tests of the harness's own rules: what it draws, what it strips and what it counts as the same value.

Run with the harness's virtualenv (`.build/wire-venv/bin/python -m unittest discover -s Scripts/wire/tests`);
`.ci/run` does after the wire slices have created it. Each rule here was found by a seed other than CI's.
"""
import json
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from media_ranges import accepts  # noqa: E402
from operation_checks import OperationChecks, _header_text, _part_as_read  # noqa: E402
from stream_bodies import expected_items, pieces, stream_payload  # noqa: E402
from operations import ResponseHeader, _is_binary_content, _streamed_content  # noqa: E402
from semantic_equality import differences  # noqa: E402
from value_generation import strip_read_only, strip_undeclared, wire_schema, with_defaults  # noqa: E402


class ParameterTextTests(unittest.TestCase):
    """A parameter's text cannot tell the string "0" from the number 0 (seed 2, parameter-styles GET /keys)."""

    def test_a_string_and_a_number_written_alike_are_the_same_parameter_value(self):
        self.assertEqual(differences({"id": "0"}, {"id": 0}, "path", wire_scalars=True), [])
        self.assertEqual(differences({"on": ["true", "7"]}, {"on": [True, 7]}, "query", wire_scalars=True), [])

    def test_values_written_differently_still_differ(self):
        self.assertEqual(differences({"id": "0"}, {"id": 1}, "path", wire_scalars=True), ["path/id: expected '0', got 1"])
        self.assertEqual(differences({"id": "007"}, {"id": 7}, "path", wire_scalars=True),
                         ["path/id: expected '007', got 7"])

    def test_bodies_keep_strings_and_numbers_apart(self):
        self.assertEqual(differences({"id": "0"}, {"id": 0}, "body"), ["body/id: expected '0', got 0"])


class TupleStrippingTests(unittest.TestCase):
    """Members a model cannot carry are stripped inside tuple positions too (seed 3, schema-composition POST
    /placements: a Track object in a `prefixItems` position kept undeclared members)."""

    def test_prefix_items_positions_and_the_rest(self):
        segment = {"type": "array", "prefixItems": [{"type": "integer"}, {"properties": {"name": {}}}],
                   "items": {"properties": {"rest": {}}}}
        self.assertEqual(strip_undeclared([5, {"name": "a", "extra": 1}, {"rest": 2, "extra": 3}], segment),
                         [5, {"name": "a"}, {"rest": 2}])

    def test_draft4_items_array_and_additional_items(self):
        schema = {"items": [{}, {"properties": {"a": {}}}], "additionalItems": {"properties": {"c": {}}}}
        self.assertEqual(strip_undeclared([1, {"a": 1, "b": 2}, {"a": 1, "c": 3}], schema), [1, {"a": 1}, {"c": 3}])


class ReadOnlyStrippingTests(unittest.TestCase):
    """What a client leaves out of a request: members marked readOnly, also through an `allOf` member."""

    def test_read_only_through_an_all_of_member_is_left_out(self):
        schema = {"type": "object", "properties": {
            "name": {"type": "string"},
            "id": {"type": "integer", "readOnly": True},
            "connection": {"allOf": [{"type": "object"}, {"readOnly": True}]},
            "nested": {"allOf": [{"allOf": [{"readOnly": True}]}]},
            "choice": {"anyOf": [{"type": "object"}, {"readOnly": True}]},
        }}
        value = {"name": "a", "id": 1, "connection": {}, "nested": 2, "choice": {}}
        self.assertEqual(strip_read_only(value, schema), {"name": "a", "choice": {}})


class DefaultsTests(unittest.TestCase):
    def test_defaults_of_a_maps_values_are_filled_in(self):
        # DigitalOcean's `tier_coverage`: a map whose values default `resources` and `tags` to [].
        schema = {"type": "object", "properties": {"tier_coverage": {"type": "object", "additionalProperties": {
            "type": "object", "properties": {"resources": {"type": "array", "items": {"type": "string"}, "default": []},
                                             "tags": {"type": "array", "items": {"type": "string"}, "default": []}}}}}}
        value = {"tier_coverage": {"basic": {"tags": ["a"]}}}
        self.assertEqual(with_defaults(value, schema), {"tier_coverage": {"basic": {"tags": ["a"], "resources": []}}})


class FormBodyLimitsTests(unittest.TestCase):
    """An empty list is no part and no pair at all, so a form or multipart body never draws one, also where a
    property is a choice of a file and a list of files (seed 2, request-bodies POST /skills)."""

    def test_each_list_alternative_of_a_property_needs_an_element(self):
        upload = {"type": "object", "properties": {"files": {"oneOf": [
            {"type": "array", "items": {"type": "string", "format": "binary"}},
            {"type": "string", "format": "binary"}]}, "tags": {"type": "array", "items": {"type": "string"}}}}
        limited = wire_schema(upload, "form")
        self.assertEqual(limited["properties"]["files"]["oneOf"][0]["minItems"], 1)
        self.assertNotIn("minItems", limited["properties"]["files"]["oneOf"][1])
        self.assertEqual(limited["properties"]["tags"]["minItems"], 1)
        self.assertNotIn("minItems", upload["properties"]["tags"], "the description's schema is not changed")

    def test_members_that_say_nothing_of_their_type_are_drawn_as_text(self):
        revoke = {"type": "object", "required": ["grant_type"], "properties": {
            "token": {"type": "string"}, "note": {"description": "free"}, "count": {"type": "integer"}}}
        limited = wire_schema(revoke, "form")
        self.assertEqual(limited["properties"]["grant_type"], {"type": "string"})
        self.assertEqual(limited["properties"]["note"], {"description": "free", "type": "string"})
        self.assertEqual(limited["properties"]["count"]["type"], "integer")
        self.assertNotIn("grant_type", revoke["properties"], "the description's schema is not changed")
        typed_rest = dict(revoke, additionalProperties={"type": "integer"})
        self.assertNotIn("grant_type", wire_schema(typed_rest, "form")["properties"],
                         "undeclared members with a schema of their own are drawn from it")
        self.assertNotIn("grant_type", wire_schema(revoke)["properties"], "JSON bodies carry any value")


class HeaderArrayTests(unittest.TestCase):
    """The items of an array sent in a header (a header parameter or a multipart part's header) hold no delimiter:
    the `simple` style joins them with `,` (seed 1 with five cases, request-bodies POST /albums: X-Tags)."""

    def test_items_of_a_header_array_are_delimiter_free_and_a_plain_header_is_printable_ascii(self):
        import re
        tags = wire_schema({"type": "array", "items": {"type": "string"}}, "header")
        self.assertEqual(tags["items"]["pattern"], r"^[A-Za-z0-9_~-]+$")
        self.assertIsNone(re.match(tags["items"]["pattern"], "a,b"))
        plain = wire_schema({"type": "string"}, "header")
        self.assertIsNotNone(re.match(plain["pattern"], "a, b"))


class JudgeReadingTests(unittest.TestCase):
    """How the judge reads what openapi-core cannot (Apple's package registry: 1 of 6 judged before, 6 of 6 after)."""

    def test_a_pcre_end_anchor_becomes_pythons(self):
        import re
        from python_patterns import python_patterns
        schema = python_patterns({"properties": {"scope": {"pattern": r"\A[a-z]{1,3}\z"}, "raw": {"pattern": r"a\\z"}}})
        self.assertEqual(schema["properties"]["scope"]["pattern"], r"\A[a-z]{1,3}\Z")
        self.assertEqual(schema["properties"]["raw"]["pattern"], r"a\\z", "an escaped backslash before z stays")
        self.assertIsNotNone(re.match(schema["properties"]["scope"]["pattern"], "abc"))

    def test_a_key_whose_urls_another_template_matches_is_judged_alone(self):
        from judge_server import colliding_path_keys
        paths = {"/{scope}/{name}/{version}": {"get": {}}, "/{scope}/{name}/{version}.zip": {"get": {}},
                 "/{scope}/{name}/{version}/Package.swift": {"get": {}}, "/{scope}/{name}": {"put": {}},
                 "/{scope}/{name}#alias": {"get": {}}, "/{scope}/{name}?list": {"get": {}}}
        self.assertEqual(colliding_path_keys({"paths": paths}),
                         {("/{scope}/{name}/{version}.zip", "get"), ("/{scope}/{name}?list", "get")})

    def test_the_default_of_a_read_only_property_is_not_filled_into_requests(self):
        from judge_server import _without_defaults_it_rejects
        spec = {"openapi": "3.0.3", "components": {"schemas": {"Change": {"properties": {
            "autogenerated": {"type": "boolean", "readOnly": True, "default": False},
            "dry_run": {"type": "boolean", "default": False}}}}}}
        properties = _without_defaults_it_rejects(spec)["components"]["schemas"]["Change"]["properties"]
        self.assertNotIn("default", properties["autogenerated"])
        self.assertEqual(properties["dry_run"]["default"], False)

    def test_a_required_property_referring_to_a_read_only_schema_is_not_required_of_requests(self):
        from judge_server import _read_only_not_required
        spec = {"components": {"schemas": {
            "User": {"type": "object", "readOnly": True},
            "Request": {"required": ["email", "requester"], "properties": {
                "email": {"type": "string"}, "requester": {"$ref": "#/components/schemas/User"}}}}}}

        class Documents:
            def resolved_or_none(self, reference, file):
                return spec["components"]["schemas"][reference.rsplit("/", 1)[1]], file

        judged = _read_only_not_required(spec, "api.yaml", Documents())
        self.assertEqual(judged["components"]["schemas"]["Request"]["required"], ["email"])
        self.assertEqual(spec["components"]["schemas"]["Request"]["required"], ["email", "requester"])

    def test_a_required_form_member_that_properties_does_not_declare_reaches_validation(self):
        from judge_server import required_members_declared
        from openapi_core import OpenAPI
        from openapi_core.testing import MockRequest
        form = {"type": "object", "required": ["grant_type"], "properties": {"token": {"type": "string"}}}
        spec = {"openapi": "3.0.2", "info": {"title": "revoke", "version": "1"}, "paths": {"/revoke": {"post": {
            "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": form}}},
            "responses": {"200": {"description": "revoked"}}}}}}

        def read(description, body):
            request = MockRequest("http://localhost", "post", "/revoke", data=body,
                                  content_type="application/x-www-form-urlencoded")
            return OpenAPI.from_dict(description).unmarshal_request(request)
        self.assertTrue(read(spec, b"grant_type=refresh&token=a").errors, "openapi-core alone never sees grant_type")
        judged = read(required_members_declared(spec), b"grant_type=refresh&token=a")
        self.assertEqual(judged.errors, [])
        self.assertEqual(judged.body, {"grant_type": "refresh", "token": "a"})
        self.assertTrue(read(required_members_declared(spec), b"token=a").errors, "a missing member is still refused")
        self.assertNotIn("grant_type", form["properties"], "the description is not changed")

    def test_declaring_a_required_member_keeps_what_the_schema_accepts(self):
        from judge_server import required_members_declared
        typed = required_members_declared({"required": ["a", "x-b"], "properties": {}, "additionalProperties":
                                           {"type": "integer"}, "patternProperties": {"^x-": {"type": "string"}}})
        self.assertEqual(typed["properties"], {"a": {"type": "integer"}, "x-b": {}})
        for untouched in ({"required": ["a"], "properties": {}, "additionalProperties": False},
                          {"required": ["a"], "properties": {}, "allOf": [{"properties": {"a": {"type": "integer"}}}]},
                          {"required": ["a"], "properties": {}, "unevaluatedProperties": False}):
            self.assertEqual(required_members_declared(untouched), untouched)



class AcceptTests(unittest.TestCase):
    """A documented response the client reads must be one its `Accept` admits (RFC 9110 §12.5.1): the avatar of the
    example API was asked for as `application/json`, which a content-negotiating server answers with 406."""

    def test_no_header_accepts_anything(self):
        self.assertTrue(accepts(None, "image/png"))

    def test_a_type_outside_every_range_is_refused(self):
        self.assertFalse(accepts("application/json", "image/png"))
        self.assertFalse(accepts("text/plain", "image/*"))

    def test_ranges_weights_and_parameters(self):
        self.assertTrue(accepts("image/png, application/json;q=0.5", "application/json"))
        self.assertTrue(accepts("image/*", "image/png"))
        self.assertTrue(accepts("*/*", "text/csv"))
        self.assertTrue(accepts("application/json; charset=utf-8", "application/json"))
        # The most specific range decides: `image/*;q=0` refuses images although `*/*` admits everything.
        self.assertFalse(accepts("image/*;q=0, */*", "image/png"))

    def test_a_documented_range_is_admitted_by_any_range_it_overlaps(self):
        self.assertTrue(accepts("image/png", "*/*"))
        self.assertTrue(accepts("image/png", "image/*"))


class MultipartTextTests(unittest.TestCase):
    """A text part is read in the charset it names, else US-ASCII (RFC 2046, RFC 7578): "Grüße" sent as UTF-8
    without a charset arrives garbled in servlet containers, so the judge must not read it as UTF-8 by default."""

    def test_a_text_part_without_charset_is_us_ascii(self):
        self.assertEqual(_part_as_read(b"plain", {}), "plain")
        self.assertIn("not in us-ascii", _part_as_read("Grüße".encode(), {}))
        self.assertIn("not in us-ascii", _part_as_read("Grüße".encode(), {"content-type": "text/csv"}))

    def test_a_named_charset_is_the_one_read(self):
        self.assertEqual(_part_as_read("Grüße".encode(), {"content-type": "text/plain; charset=utf-8"}), "Grüße")
        self.assertEqual(_part_as_read("Grüße".encode("latin-1"), {"content-type": "text/plain; charset=ISO-8859-1"}),
                         "Grüße")

    def test_files_and_json_parts_are_not_text_parts(self):
        file_part = {"content-disposition": 'form-data; name="scan"; filename="a.txt"', "content-type": "text/plain"}
        self.assertEqual(_part_as_read("é".encode(), file_part), "é")
        self.assertEqual(_part_as_read('{"a":"é"}'.encode(), {"content-type": "application/json"}), '{"a":"é"}')


if __name__ == "__main__":
    unittest.main()


class ResponseHeaderTests(unittest.TestCase):
    """Response headers the client validates: what the server sends for them and how the judge breaks one."""

    class _Inline:
        def inline(self, schema, base):
            return schema

    def checks(self):
        checks = OperationChecks.__new__(OperationChecks)
        checks.bundler = self._Inline()
        return checks

    def test_values_are_written_in_simple_style(self):
        self.assertEqual(_header_text([1, True, "a"]), "1,true,a")
        self.assertEqual(_header_text({"a": 1, "b": "x"}), "a,1,b,x")

    def test_a_required_header_is_left_out_and_a_typed_one_gets_a_word(self):
        checks = self.checks()
        self.assertEqual(checks._broken_header(ResponseHeader("X-Total", {"type": "string"}, None, required=True)),
                         (None, "required"))
        self.assertEqual(checks._broken_header(ResponseHeader("X-Total", {"type": "integer"}, None)), ("not-a-number", "type"))
        self.assertEqual(checks._broken_header(ResponseHeader("X-More", {"type": "boolean"}, None)), ("maybe", "type"))
        # A plain string cannot be broken; a union is not judged; framing fields are the server's.
        self.assertIsNone(checks._broken_header(ResponseHeader("Link", {"type": "string"}, None)))
        self.assertIsNone(checks._broken_header(ResponseHeader("X-Either", {"oneOf": [{"type": "integer"}]}, None)))
        self.assertIsNone(checks._broken_header(ResponseHeader("Content-Length", {"type": "integer"}, None, required=True)))

    def test_a_redirects_location_is_the_one_the_judges_server_sent(self):
        """A documented 302 error case carries `Location`; the server sends its own target, not the drawn value."""
        checks = self.checks()
        checks.envelope = None
        plan = {"status": "302", "code": 302, "success": False, "exposed_headers": {"location"}, "schema": None,
                "stream": None}
        answer = {"outcome": {"kind": "documentedError", "caseName": "status302", "status": 302,
                              "headers": {"Location": json.dumps("/wire-harness-redirect-target")}}}
        self.assertEqual(checks._response_verdict(answer, plan, None, {"Location": "a b"}), (True, None))
        wrong = {"outcome": dict(answer["outcome"], headers={"Location": json.dumps("/elsewhere")})}
        self.assertFalse(checks._response_verdict(wrong, plan, None, {"Location": "a b"})[0])


class DiscriminatorMappingTests(unittest.TestCase):
    """openapi-core reads an unmapped discriminator value as a component name; the judge's copy maps the value each
    member declares (openai's `role: {enum: [assistant]}`), as apigen and the harness's generation read it."""

    def test_declared_values_are_mapped_and_explicit_entries_kept(self):
        from judge_server import _discriminator_values_mapped
        spec = {"components": {"schemas": {
            "Message": {"oneOf": [{"$ref": "#/components/schemas/Assistant"}, {"$ref": "#/components/schemas/User"},
                                  {"$ref": "#/components/schemas/Tool"}],
                        "discriminator": {"propertyName": "role", "mapping": {"tool": "#/components/schemas/Tool"}}},
            "Assistant": {"type": "object", "properties": {"role": {"type": "string", "enum": ["assistant"]}}},
            "User": {"type": "object", "properties": {"role": {"type": "string"}}},
            "Tool": {"type": "object", "properties": {"role": {"const": "tool"}}},
        }}}
        mapped = _discriminator_values_mapped(spec)
        self.assertEqual(mapped["components"]["schemas"]["Message"]["discriminator"]["mapping"],
                         {"tool": "#/components/schemas/Tool", "assistant": "#/components/schemas/Assistant"})
        # `User` declares no one value: its implicit value stays its name (no entry), as openapi-core reads it.
        self.assertEqual(spec["components"]["schemas"]["Message"]["discriminator"]["mapping"],
                         {"tool": "#/components/schemas/Tool"}, "the input is not changed")


class StreamTests(unittest.TestCase):
    """Streamed responses (Docs/wire-conformance.md, "Streams"): which responses apigen streams, the bytes a
    planned stream is sent as, and what the client must yield for it."""

    class Documents:
        """No `$ref`s in these tests."""

        def deref(self, node, base):
            return node, base

    def test_a_json_alternative_keeps_the_response_buffered(self):
        content = {"application/json": {"schema": {}}, "text/event-stream": {"schema": {}}}
        self.assertIsNone(_streamed_content(content, self.Documents(), None))
        streamed = _streamed_content({"application/octet-stream": {}, "text/event-stream": {"schema": {"type": "string"}}},
                                     self.Documents(), None)
        self.assertEqual((streamed.kind, streamed.item_schema), ("events", None))  # text data

    def test_event_item_schemas_give_the_data_schema_and_the_names(self):
        price = {"type": "object"}
        item_schema = {"oneOf": [
            {"properties": {"event": {"const": "quote"}, "data": {"type": "string", "contentSchema": price}}},
            {"properties": {"event": {"enum": ["heartbeat"]}, "data": {"type": "string"}}}]}
        streamed = _streamed_content({"text/event-stream": {"itemSchema": item_schema}}, self.Documents(), None)
        self.assertEqual([(name, data) for name, data, _ in streamed.event_types], [("quote", price), ("heartbeat", None)])
        # A branch that does not fix the name: typed by data alone.
        item_schema["oneOf"].append({"properties": {"data": {"type": "string"}}})
        self.assertEqual(_streamed_content({"text/event-stream": {"itemSchema": item_schema}}, self.Documents(), None)
                         .event_types, [])

    def test_events_are_framed_with_ids_names_retry_and_split_data(self):
        body = {"stream": "events", "newline": "\r\n", "bom": True, "items": [
            {"data": {"a": [1]}, "text": False, "event": "update", "id": "7", "retry": 1500, "indent": 1},
            {"data": "two\nlines", "text": True, "event": None, "id": None, "retry": None, "idOnlyBefore": "8"}]}
        self.assertEqual(stream_payload(body).decode("utf-8"),
                         "\ufeff: the wire judge\r\n"
                         "id: 7\r\nevent: update\r\nretry: 1500\r\n"
                         "data: {\r\ndata:  \"a\": [\r\ndata:   1\r\ndata:  ]\r\ndata: }\r\n\r\n"
                         "id: 8\r\n\r\n"
                         "data: two\r\ndata: lines\r\n\r\n")
        # The last event ID stays in effect, and an id-only block sets it; an unnamed event is a `message`.
        self.assertEqual(expected_items(body), [
            {"data": {"a": [1]}, "text": False, "event": "update", "id": "7", "retry": 1500},
            {"data": "two\nlines", "text": True, "event": "message", "id": "8", "retry": None}])

    def test_json_lines_and_sequences(self):
        items = [{"data": 1, "text": False}, {"data": {"b": None}, "text": False}]
        lines = {"stream": "lines", "newline": "\n", "items": items, "blankLines": True, "finalNewline": False}
        self.assertEqual(stream_payload(lines), b'1\n\n{"b": null}')
        sequence = {"stream": "sequence", "newline": "\n", "items": items}
        self.assertEqual(stream_payload(sequence), b'\x1e1\n\x1e{"b": null}\n')

    def test_pieces_cut_after_every_cr_and_inside_characters(self):
        payload = "\ufeffid: é\r\n\r\n".encode("utf-8")
        cut = pieces(payload)
        self.assertEqual(b"".join(cut), payload)
        self.assertIn(b"\n\r", cut)             # each CR ends its piece; its LF starts the next
        self.assertTrue(cut[0] == b"\xef")       # inside the byte order mark
        self.assertTrue(any(piece.endswith(b"\xc3") for piece in cut))  # inside é


class DownloadTests(unittest.TestCase):
    """Which responses get apigen's download-to-file variant (OperationPlanner+Streaming.swift, planDownload)."""

    def test_only_content_that_is_binary_in_every_media_type(self):
        self.assertTrue(_is_binary_content({"application/octet-stream": {}, "image/png": {}}))
        self.assertTrue(_is_binary_content({"application/pdf": {}}))
        for other in ("application/json", "*/*", "application/*", "text/csv", "text/event-stream", "multipart/mixed",
                      "application/x-www-form-urlencoded", "application/problem+json"):
            self.assertFalse(_is_binary_content({"application/zip": {}, other: {}}), other)
        self.assertFalse(_is_binary_content({}))

