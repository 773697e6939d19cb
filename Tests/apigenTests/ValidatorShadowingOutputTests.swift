import Foundation
import XCTest

/// Validators are top-level functions that generated methods call by their bare name, so a method or a parameter
/// spelled like a validator would shadow it (Swift's lookup stops at the innermost scope declaring the base name).
/// An operation `validateItem` responding with `Item`, and a parameter `validateCheck` of an operation responding
/// with `Check`, must still compile: those validators get a digest (``ValidatorShadowing``).
final class ValidatorShadowingOutputTests: XCTestCase {
    static let spec = """
        openapi: 3.0.3
        info: { title: Shadow, version: '1' }
        paths:
          /items/{id}:
            get:
              operationId: validateItem
              parameters:
                - { name: id, in: path, required: true, schema: { type: string } }
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
          /checks:
            get:
              operationId: listChecks
              parameters:
                - { name: validateCheck, in: query, schema: { type: string } }
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Check' } } } }
          /others:
            get:
              operationId: listOthers
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Other' } } } }
        components:
          schemas:
            Item: { type: object, properties: { name: { type: string, minLength: 1 } } }
            Check: { type: object, properties: { ok: { type: boolean } } }
            Other: { type: object, properties: { items: { type: array, items: { $ref: '#/components/schemas/Item' } } } }
        """

    func testValidatorsSpelledLikeAMethodOrAParameterAreRenamedAndTheOutputCompiles() throws {
        let folder = try generateInTemporaryFolder(spec: Self.spec, specName: "shadow.yaml", output: "Generated")
        let output = folder.appendingPathComponent("Generated")
        let files = snapshot(output).mapValues { String(decoding: $0, as: UTF8.self) }
        let item = try XCTUnwrap(files["Models/Item.swift"])
        let check = try XCTUnwrap(files["Models/Check.swift"])
        let other = try XCTUnwrap(files["Models/Other.swift"])
        // Named `validate<Name>_<digest of the schema's location>`: no longer the method's or the parameter's name.
        XCTAssertNil(item.range(of: "func validateItem("), item)
        XCTAssertNotNil(item.range(of: #"public func validateItem_[0-9a-f]{8}\("#, options: .regularExpression), item)
        XCTAssertNotNil(check.range(of: #"public func validateCheck_[0-9a-f]{8}\("#, options: .regularExpression), check)
        XCTAssertNotNil(other.range(of: #"validateItem_[0-9a-f]{8}\)"#, options: .regularExpression), other)
        // A name nothing shadows keeps its plain spelling.
        XCTAssertTrue(other.contains("public func validateOther("), other)

        let result = try typecheck(swiftSources(under: output), moduleName: "ShadowClient", in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("warning:") }, [])
    }
}
