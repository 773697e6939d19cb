/// Marks the tasks that renew a credential: a request they send through a client (a refresh endpoint called
/// with the rejected token, say) is exempt from refreshing, so a `401` to it is returned to the refresh code
/// instead of waiting for the refresh it is part of.
package enum CredentialRefresh {
    @TaskLocal static var active = false

    /// Whether the current task is renewing a credential.
    package static var isActive: Bool { active }

    /// Runs `body` marked as a credential refresh (the runtime does this around every refresh it starts).
    static func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await $active.withValue(true) { try await body() }
    }
}
