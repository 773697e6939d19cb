import APIRuntime
import APIRuntimeStore
import Foundation

extension OfflineQueue {
    /// Replays the current account's pending entries in order; the body of ``flush()``.
    func replayPending() async -> FlushResult {
        var result = FlushResult()
        guard let link = link.withLock({ $0 }) else {
            result.stoppedBy = "no APIClient is attached to the queue"
            return result
        }
        let scope: AccountScope
        do {
            scope = .account(try await link.account())
        } catch {
            result.stoppedBy = "the current account could not be determined: \(error)"
            return result
        }
        while !Task.isCancelled {
            let next: QueuedRequest?
            do {
                next = try await storage.queueEntries(state: .pending, scope: scope, limit: 1).first
            } catch {
                result.stoppedBy = String(describing: error)
                break
            }
            guard var entry = next else { break }
            entry.attempts += 1
            do {
                // Recorded before sending: an entry with attempts > 0 may have reached the server.
                try await storage.updateQueueEntry(entry)
            } catch {
                result.stoppedBy = String(describing: error)
                break
            }
            if let stop = await replay(entry, with: link, into: &result) {
                result.stoppedBy = stop
                break
            }
        }
        do {
            result.remaining = try await storage.queueCount(state: .pending, scope: scope)
        } catch {
            events?.emit(.storageError(message: "the pending queue entries could not be counted: \(error)"))
            result.stoppedBy = result.stoppedBy ?? "the pending entries could not be counted: \(error)"
        }
        return result
    }

    // Returns why the flush must stop, or nil to go on with the next entry.
    private func replay(_ entry: QueuedRequest, with link: ClientLink, into result: inout FlushResult) async -> String? {
        var entry = entry
        do {
            let response = try await link.send(entry)
            switch ReplayOutcome(status: response.status) {
            case .accepted:
                consecutiveRetries = 0
                result.replayed += 1
                events?.emit(.replayed(Self.event(entry, status: response.status)))
                do {
                    try await storage.removeQueueEntry(id: entry.id)
                    return nil
                } catch {
                    // Going on would send the same entry again; stop until storage works.
                    events?.emit(.storageError(message: "a replayed queue entry could not be removed: \(error)"))
                    return "the replayed entry could not be removed: \(error)"
                }
            case .permanent:
                entry.state = .deadLetter
                entry.finalStatus = response.status
                entry.lastError = "HTTP \(response.status)"
                result.deadLettered += 1
                events?.emit(.deadLettered(Self.event(entry, status: response.status, message: entry.lastError)))
                do {
                    try await storage.updateQueueEntry(entry)
                    return nil
                } catch {
                    events?.emit(.storageError(message: "a queue entry could not be dead-lettered: \(error)"))
                    return "the entry could not be dead-lettered: \(error)"
                }
            case .transient:
                entry.lastError = "HTTP \(response.status)"
                await recordAttempt(entry)
                events?.emit(.replayDeferred(Self.event(entry, status: response.status, message: entry.lastError)))
                scheduleRetry(retryAfter: RetryAfter.delay(in: response, now: clock.now()))
                return entry.lastError
            }
        } catch {
            entry.lastError = error is CancellationError ? "cancelled" : String(describing: error)
            await recordAttempt(entry)
            events?.emit(.replayDeferred(Self.event(entry, message: entry.lastError)))
            if !(error is CancellationError) {
                scheduleRetry(retryAfter: nil)
            }
            return entry.lastError
        }
    }

    // The entry stays pending either way; only its last error is not recorded when storage fails, which the
    // event says.
    private func recordAttempt(_ entry: QueuedRequest) async {
        do {
            try await storage.updateQueueEntry(entry)
        } catch {
            events?.emit(.storageError(message: "the failed replay of queue entry \(entry.id) could not be recorded: \(error)"))
        }
    }

    private func scheduleRetry(retryAfter: Duration?) {
        guard let retry = configuration.retry, consecutiveRetries < retry.maxConsecutive else { return }
        consecutiveRetries += 1
        let delay = retryAfter.map { min($0, retry.maxDelay) } ?? retry.delay(afterFailures: consecutiveRetries)
        let clock = clock
        retryTask?.cancel()
        retryTask = Task { [weak self] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            await self?.flushAfterCurrent()
        }
    }
}

/// How a replay's response is treated.
enum ReplayOutcome {
    /// 1xx–3xx: the server accepted the request.
    case accepted
    /// 408, 429, 5xx: try again later, keeping the entry's place.
    case transient
    /// Any other 4xx: the request will never succeed as it is.
    case permanent

    init(status: Int) {
        switch status {
        case ..<400: self = .accepted
        case 408, 429: self = .transient
        case 400..<500: self = .permanent
        default: self = .transient
        }
    }
}
