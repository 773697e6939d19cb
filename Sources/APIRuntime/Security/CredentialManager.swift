import Foundation

/// The client's side of ``CredentialSet``: picks the credentials each operation needs, renews them after a
/// `401`, and derives the storage partition of whoever the credentials belong to.
final class CredentialManager: Sendable {
    private struct State {
        /// Identity of a refreshed credential set -> identity of the set it replaced, so that a token refresh
        /// keeps the account's cache, store and queue partition.
        var aliases: [String: String] = [:]
        /// Values recently sent, newest last, so that reports can hide them wherever they appear.
        var recentValues: [String] = []
    }

    let set: CredentialSet
    private let refresher: CredentialRefresher
    private let state = Locked(State())
    private static let recentValueLimit = 16

    init(_ set: CredentialSet, events: EventBus?) {
        self.set = set
        self.refresher = CredentialRefresher(events: events)
    }

    /// The credentials for `operation`: the first alternative whose every scheme has a value (the anonymous
    /// alternative always does). Nil when the operation's security is undeclared or it needs no credentials.
    /// Throws ``APIError/missingCredentials(operation:alternatives:)`` when no alternative can be satisfied.
    func select(for operation: OperationInfo) async throws -> CredentialSelection? {
        guard let alternatives = operation.security, !alternatives.isEmpty else { return nil }
        alternatives: for requirement in alternatives {
            var applied: [CredentialSelection.Applied] = []
            var isRefreshable = false
            for use in requirement.schemes {
                if case .mutualTLS = use.scheme.kind { continue }
                guard let credential = set[use.scheme.name],
                      let value = try await credential.value(scopes: use.scopes) else { continue alternatives }
                applied.append(CredentialSelection.Applied(use: use, value: value))
                isRefreshable = isRefreshable || (use.scheme.sendsBearerToken && credential.isRefreshable)
            }
            guard !applied.isEmpty else { return nil }
            remember(applied.map(\.value))
            return CredentialSelection(applied: applied, isRefreshable: isRefreshable)
        }
        throw APIError.missingCredentials(operation: operation.id, alternatives: alternatives.map(\.description))
    }

    /// The selection to replay with after a `401` to `selection`: each refreshable credential renewed once
    /// (single flight per scheme).
    func refreshed(_ selection: CredentialSelection) async throws -> CredentialSelection {
        var result = selection
        for item in selection.applied where item.use.scheme.sendsBearerToken {
            guard let credential = set[item.use.scheme.name], credential.isRefreshable else { continue }
            let before = try await identity()
            let value = try await refresher.freshValue(for: item.use, credential: credential, rejected: item.value) {
                await self.alias(to: before)
            }
            remember([value])
            result = result.replacing(item.use.scheme.name, with: value)
        }
        return result
    }

    /// Who the configured credentials belong to, as a partition name for the HTTP cache, the response store and
    /// the offline queue: a digest of every credential value available now (nil when there is none), kept across
    /// refreshes made by this client.
    func identity() async throws -> String? {
        guard let raw = try await rawIdentity() else { return nil }
        return state.withLock { $0.aliases[raw] } ?? raw
    }

    /// Every value sent recently (for redaction).
    var recentValues: [String] {
        state.withLock { $0.recentValues }
    }

    private func rawIdentity() async throws -> String? {
        var bytes: [UInt8] = Array("apigen-credentials-v1".utf8)
        var found = false
        for name in set.credentials.keys.sorted() {
            guard let value = try await set.credentials[name]?.value(scopes: []) else { continue }
            found = true
            for field in [name, value] {
                bytes.append(contentsOf: String(field.utf8.count).utf8)
                bytes.append(0x3a)
                bytes.append(contentsOf: field.utf8)
            }
        }
        return found ? "credentials:" + SHA256.hex(SHA256.digest(bytes)).prefix(32) : nil
    }

    private func alias(to previous: String?) async {
        // Best effort: without the alias later requests use a new partition of their own, never another account's.
        guard let previous, let current = try? await rawIdentity(), current != previous else { return }
        state.withLock { $0.aliases[current] = $0.aliases[previous] ?? previous }
    }

    private func remember(_ values: [String]) {
        state.withLock { state in
            for value in values where !state.recentValues.contains(value) {
                state.recentValues.append(value)
            }
            if state.recentValues.count > Self.recentValueLimit {
                state.recentValues.removeFirst(state.recentValues.count - Self.recentValueLimit)
            }
        }
    }
}
