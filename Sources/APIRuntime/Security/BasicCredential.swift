import Foundation

/// A user name and password for an `http` `basic` scheme, sent as `Authorization: Basic <base64(user:password)>`.
public struct BasicCredential: SchemeCredential {
    private let provider: @Sendable () async throws -> (username: String, password: String)?

    /// A pair read before every request (nil: none now).
    public init(provider: @escaping @Sendable () async throws -> (username: String, password: String)?) {
        self.provider = provider
    }

    /// A fixed pair.
    public init(username: String, password: String) {
        self.provider = { (username, password) }
    }

    public func value(scopes: [String]) async throws -> String? {
        guard let pair = try await provider() else { return nil }
        return Data("\(pair.username):\(pair.password)".utf8).base64EncodedString()
    }
}
