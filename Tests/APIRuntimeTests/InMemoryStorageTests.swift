import APIRuntime
import APIRuntimeStore
import Foundation
import XCTest

final class InMemoryStorageTests: XCTestCase {
    func testResponses() throws {
        try StorageConformance.checkResponses(InMemoryStorage())
    }

    func testPurge() throws {
        try StorageConformance.checkPurge(InMemoryStorage())
    }

    func testQueue() throws {
        try StorageConformance.checkQueue(InMemoryStorage())
    }
}
