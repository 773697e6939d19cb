import APIRuntime

extension Optional where Wrapped == EventBus {
    /// Runs a storage step of a middleware that must not fail the call it serves: a failure becomes a
    /// `.storageError` event (`"<component>: <step> failed: <error>"`) and nil, and the call goes on.
    @discardableResult
    func reportingStorageFailure<Value>(_ component: String, _ step: String, _ body: () async throws -> Value) async -> Value? {
        do {
            return try await body()
        } catch {
            self?.emit(.storageError(message: "\(component): \(step) failed: \(error)"))
            return nil
        }
    }
}
