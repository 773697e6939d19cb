import APIRuntime

/// Delivers the stored response's value at once and then the network's, but the second only when its body
/// differs from what was stored. Ends after the network value (or at once when it is unchanged).
///
/// Made by ``APIRuntime/APIClient/cachedThenFresh(_:)``, which runs the given call twice: first with
/// `FetchPolicy.cacheOnly` (expired entries allowed; no stored entry means nothing is yielded), then with
/// `FetchPolicy.networkOnly`. A network failure after the stored value ends the sequence with that error, so
/// the app can keep showing the stored value and report that it could not be refreshed.
public struct CachedThenFresh<Value: Sendable>: AsyncSequence, Sendable {
    /// A stored or fresh value.
    public typealias Element = FetchResult<Value>
    /// Iterates the values.
    public typealias AsyncIterator = AsyncThrowingStream<FetchResult<Value>, any Error>.Iterator

    private let call: @Sendable () async throws -> Value

    /// A sequence that runs `call` once from the store and once from the network.
    public init(_ call: @escaping @Sendable () async throws -> Value) {
        self.call = call
    }

    /// Starts fetching; stopping the iteration cancels the fetch.
    public func makeAsyncIterator() -> AsyncIterator {
        let call = call
        let stream = AsyncThrowingStream<Element, any Error> { continuation in
            let task = Task {
                do {
                    let stored = try await Self.storedValue(call)
                    if let stored {
                        continuation.yield(FetchResult(value: stored, source: .store))
                    }
                    let recorder = FetchRecorder()
                    var options = RequestOptions.current
                    options.fetchPolicy = .networkOnly
                    options.recorder = recorder
                    let fresh = try await RequestOptions.$current.withValue(options) { try await call() }
                    if stored == nil || !recorder.allUnchanged {
                        continuation.yield(FetchResult(value: fresh, source: recorder.sources.last ?? .network))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return stream.makeAsyncIterator()
    }

    // Nil when nothing usable is stored: no entry, no store configured, or a stored body that no longer decodes.
    private static func storedValue(_ call: @Sendable () async throws -> Value) async throws -> Value? {
        var options = RequestOptions.current
        options.fetchPolicy = .cacheOnly
        options.allowsExpired = true
        options.recorder = nil
        do {
            return try await RequestOptions.$current.withValue(options) { try await call() }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return nil
        }
    }
}
