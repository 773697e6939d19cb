import APIGenCore
import Foundation
import XCTest

/// `apigen convert`'s document is what the wire harness hands openapi-core for a Swagger 2.0 root, and what a reviewer
/// reads: it must be OpenAPI 3.0, keyword for keyword.
final class SwaggerConversionTests: XCTestCase {
    /// Swagger 2.0 names the discriminator's property alone; OpenAPI 3.0 wants an object. Keys that are names (a
    /// property or a definition called `discriminator` or `example`) and values that are data (an `example`) are not
    /// keywords and stay as written.
    func testDiscriminatorBecomesAnObjectWhereItIsAKeyword() throws {
        let swagger = """
            swagger: '2.0'
            info: { title: Zoo, version: '1' }
            paths: {}
            definitions:
              Pet:
                type: object
                required: [petType]
                discriminator: petType
                properties:
                  petType: { type: string }
                  discriminator: { type: string }
                example: { petType: Cat, discriminator: petType }
              example:
                type: object
                discriminator: kind
                properties: { kind: { type: string } }
              Cat:
                x-ms-discriminator-value: cat
                allOf: [ { $ref: '#/definitions/Pet' }, { properties: { huntingSkill: { type: string } } } ]
            """
        let json = try SwaggerConversion.convertedJSON(bytes: Array(swagger.utf8), path: "zoo.yaml")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let schemas = try XCTUnwrap((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let pet = try XCTUnwrap(schemas["Pet"])
        XCTAssertEqual(pet["discriminator"] as? [String: String], ["propertyName": "petType"])
        XCTAssertEqual((pet["properties"] as? [String: [String: String]])?["discriminator"], ["type": "string"])
        XCTAssertEqual((pet["example"] as? [String: String])?["discriminator"], "petType")
        XCTAssertEqual(schemas["example"]?["discriminator"] as? [String: String], ["propertyName": "kind"])
        XCTAssertEqual(schemas["Cat"]?["x-ms-discriminator-value"] as? String, "cat")
        XCTAssertEqual(((schemas["Cat"]?["allOf"] as? [[String: Any]])?.first?["$ref"]) as? String, "#/components/schemas/Pet")
    }

    /// A Swagger 2.0 response header writes its schema keywords inline; OpenAPI 3.0 wants them under `schema`. Before
    /// (2026-11-29) the converter dropped `headers`, so a Swagger description's documented headers were neither read
    /// (no `WithHeaders` variant) nor validated. A `csv` list stays a list; another `collectionFormat` has no OpenAPI 3
    /// header style and becomes text.
    func testResponseHeadersGetTheirSchemaUnderSchema() throws {
        let swagger = """
            swagger: '2.0'
            info: { title: Shop, version: '1' }
            paths:
              /items:
                get:
                  responses:
                    '200':
                      description: ok
                      headers:
                        X-Total: { type: integer, minimum: 0, description: how many }
                        X-Tags: { type: array, items: { type: string } }
                        X-Spaced: { type: array, collectionFormat: ssv, items: { type: string } }
                    default: { $ref: '#/responses/Problem' }
            responses:
              Problem:
                description: a problem
                headers: { Retry-After: { type: integer } }
            """
        let json = try SwaggerConversion.convertedJSON(bytes: Array(swagger.utf8), path: "shop.yaml")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
        func at(_ keys: String...) -> NSDictionary? {
            keys.reduce(document as NSDictionary?) { $0?[$1] as? NSDictionary }
        }
        let headers = try XCTUnwrap(at("paths", "/items", "get", "responses", "200", "headers"))
        XCTAssertEqual(headers["X-Total"] as? NSDictionary,
                       ["description": "how many", "schema": ["type": "integer", "minimum": 0]] as NSDictionary)
        XCTAssertEqual(headers["X-Tags"] as? NSDictionary, ["schema": ["type": "array", "items": ["type": "string"]]] as NSDictionary)
        XCTAssertEqual(headers["X-Spaced"] as? NSDictionary, ["schema": ["type": "string"]] as NSDictionary)
        let shared = try XCTUnwrap(at("components", "responses", "Problem", "headers"))
        XCTAssertEqual(shared["Retry-After"] as? NSDictionary, ["schema": ["type": "integer"]] as NSDictionary)
    }
}
