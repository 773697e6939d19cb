import APIGenCore
import XCTest

/// securitySchemes and security requirements -> scheme constants, typed credentials, per-operation requirements.
final class SecuritySnippetTests: XCTestCase {
    private static let schemes = """
        components:
          securitySchemes:
            headerKey: { type: apiKey, in: header, name: X-Key }
            queryKey: { type: apiKey, in: query, name: key }
            cookieKey: { type: apiKey, in: cookie, name: sid }
            bearer: { type: http, scheme: bearer }
            basic: { type: http, scheme: Basic }
            hoba: { type: http, scheme: HOBA }
            oauth:
              type: oauth2
              flows:
                authorizationCode:
                  authorizationUrl: https://auth.example/authorize
                  tokenUrl: https://auth.example/token
                  scopes: { read: Read, write: Write }
            oidc: { type: openIdConnect, openIdConnectUrl: https://auth.example/.well-known/openid-configuration }
            certificate: { type: mutualTLS }
        """

    private func spec(_ paths: String, topLevel: String = "security: [{ bearer: [] }]") -> String {
        """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        \(topLevel)
        paths:
        \(paths)
        \(Self.schemes)
        """
    }

    private static let operations = """
          /login:
            post:
              operationId: login
              security: []
              responses: { '204': { description: ok } }
          /items:
            get:
              operationId: listItems
              responses: { '204': { description: ok } }
            put:
              operationId: putItems
              security:
                - oauth: [read, write]
                - headerKey: []
                  cookieKey: []
                - {}
              responses: { '204': { description: ok } }
        """

    func testEveryOperationCarriesItsRequirementsInItsOperationInfoAndDocComment() {
        let outcome = generate(yaml: spec(Self.operations))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api,
            #"OperationInfo(id: "login", method: "POST", path: "/login", security: [])"#,
            "/// Security: none; the call never carries credentials.",
            #"OperationInfo(id: "listItems", method: "GET", path: "/items", security: [SecurityRequirement([.init(ShopClient.SecuritySchemes.bearer)])])"#,
            "/// Security: `bearer`.",
            #"security: [SecurityRequirement([.init(ShopClient.SecuritySchemes.oauth, scopes: ["read", "write"])]), "#
                + #"SecurityRequirement([.init(ShopClient.SecuritySchemes.headerKey), .init(ShopClient.SecuritySchemes.cookieKey)]), SecurityRequirement([])])"#,
            "/// Security: `oauth` (scopes: read, write) or `headerKey` and `cookieKey` or no credentials.")
    }

    func testTheClientDeclaresOneTypedCredentialPerSchemeKind() {
        let outcome = generate(yaml: spec(Self.operations))
        let client = outcome.file("ShopClient.swift") ?? ""
        assertContains(client,
            // The schemes are generated code's (operations name them), behind the runtime's SPI like SecurityScheme.
            "@_spi(Generated) public enum SecuritySchemes {",
            #"public static let headerKey = SecurityScheme(name: "headerKey", kind: .apiKey(name: "X-Key", location: .header))"#,
            #"public static let queryKey = SecurityScheme(name: "queryKey", kind: .apiKey(name: "key", location: .query))"#,
            #"public static let cookieKey = SecurityScheme(name: "cookieKey", kind: .apiKey(name: "sid", location: .cookie))"#,
            #"public static let basic = SecurityScheme(name: "basic", kind: .http(scheme: "Basic"))"#,
            #"public static let certificate = SecurityScheme(name: "certificate", kind: .mutualTLS)"#,
            "public var headerKey: APIKeyCredential?",
            "public var bearer: BearerCredential?",
            "public var basic: BasicCredential?",
            "public var hoba: HTTPAuthorizationCredential?",
            "public var oauth: BearerCredential?",
            "public var oidc: BearerCredential?",
            "credentials: Credentials? = nil",
            "accountProvider: @escaping @Sendable () -> String? = { nil }")
        XCTAssertFalse(client.contains("var certificate"), "mutualTLS is transport configuration, not a credential")
    }

    func testASpecWithoutSchemesHasNoCredentialsAndUndeclaredSecurity() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            paths:
              /items:
                get:
                  operationId: listItems
                  responses: { '204': { description: ok } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "", #"OperationInfo(id: "listItems", method: "GET", path: "/items")"#)
        XCTAssertFalse((outcome.file("ShopClient.swift") ?? "").contains("Credentials"))
    }

    func testARequirementNamingAnUndeclaredSchemeIsLeftOutWithAWarningAtItsLocation() {
        let outcome = generate(yaml: spec(Self.operations, topLevel: "security: [{ bearr: [] }, { headerKey: [] }]"))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let message = outcome.rendered.first { $0.contains("'bearr'") } ?? ""
        XCTAssertTrue(message.hasPrefix("openapi.yaml:3:"), message)
        XCTAssertTrue(message.contains("warning: security requirement names 'bearr', which components.securitySchemes does not declare"), message)
        XCTAssertTrue(message.contains("declared schemes: headerKey, queryKey"), message)
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "",
            #"OperationInfo(id: "listItems", method: "GET", path: "/items", security: [SecurityRequirement([.init(ShopClient.SecuritySchemes.headerKey)])])"#)
    }

    func testAnUnknownSchemeTypeIsSkippedWithAWarning() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            paths:
              /items:
                get:
                  operationId: listItems
                  security: [{ magic: [] }, { key: [] }]
                  responses: { '204': { description: ok } }
            components:
              securitySchemes:
                magic: { type: telepathy }
                key: { type: apiKey, in: header, name: X-Key }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        XCTAssertTrue(outcome.diagnostics.contains { $0.severity == .warning && $0.message.contains("telepathy") })
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "",
            "security: [SecurityRequirement([.init(ShopClient.SecuritySchemes.key)])]")
    }

    func testSwagger2SecurityDefinitionsAndRequirementsAreConverted() {
        let outcome = generate(yaml: """
            swagger: '2.0'
            info: { title: Shop, version: '1' }
            host: shop.example
            security: [{ key: [] }]
            securityDefinitions:
              key: { type: apiKey, in: query, name: api_key }
              basicAuth: { type: basic }
              oauth:
                type: oauth2
                flow: application
                tokenUrl: https://auth.example/token
                scopes: { 'items:read': Read items }
            paths:
              /items:
                get:
                  operationId: listItems
                  responses: { '204': { description: ok } }
                post:
                  operationId: addItem
                  security: [{ basicAuth: [] }, { oauth: ['items:read'] }]
                  responses: { '204': { description: ok } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "",
            "security: [SecurityRequirement([.init(ShopClient.SecuritySchemes.key)])]",
            #"security: [SecurityRequirement([.init(ShopClient.SecuritySchemes.basicAuth)]), SecurityRequirement([.init(ShopClient.SecuritySchemes.oauth, scopes: ["items:read"])])]"#)
        assertContains(outcome.file("ShopClient.swift") ?? "",
            #"SecurityScheme(name: "basicAuth", kind: .http(scheme: "basic"))"#,
            #"SecurityScheme(name: "key", kind: .apiKey(name: "api_key", location: .query))"#,
            "public var oauth: BearerCredential?")
    }

    func testSchemeNamesFromTheSpecNeverBecomeCode() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            security: [{ 'a"b\\c': [] }]
            paths:
              /items:
                get:
                  operationId: listItems
                  responses: { '204': { description: ok } }
            components:
              securitySchemes:
                'a"b\\c': { type: apiKey, in: header, name: "X-Key" }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("ShopClient.swift") ?? "",
            #"SecurityScheme(name: "a\"b\\c", kind: .apiKey(name: "X-Key", location: .header))"#)
    }
}
