@_spi(Generated) import APIRuntime
import APIRuntimeStore
import Foundation
import XCTest

final class InMemoryStorageTests: XCTestCase {
    func testResponses() async throws {
        try await StorageConformance.checkResponses(InMemoryStorage())
    }

    func testPurge() async throws {
        try await StorageConformance.checkPurge(InMemoryStorage())
    }

    func testQueue() async throws {
        try await StorageConformance.checkQueue(InMemoryStorage())
    }
}
