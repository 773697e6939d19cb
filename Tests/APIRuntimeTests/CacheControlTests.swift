@_spi(Generated) @_spi(RuntimeInternals) @testable import APIRuntime
@testable import APIRuntimeStore
import Foundation
import HTTPTypes
import XCTest

final class CacheControlTests: XCTestCase {
    func testParsesDirectivesAcrossFieldsCaseInsensitively() {
        var headers = HTTPFields()
        headers.append(HTTPField(name: .cacheControl, value: "Private, MAX-AGE=\"60\""))
        headers.append(HTTPField(name: .cacheControl, value: "no-cache=\"Set-Cookie, X-A\", must-revalidate"))
        let control = CacheControl(headers)
        XCTAssertEqual(control.maxAge, 60)
        XCTAssertTrue(control.isPrivate)
        XCTAssertTrue(control.noCache)
        XCTAssertTrue(control.mustRevalidate)
        XCTAssertFalse(control.noStore)
    }

    func testDeltaSecondsAreDigitsOnlyAndSaturateAtTwoToThe31() {
        XCTAssertEqual(CacheControl([.cacheControl: "max-age=99999999999999999999999"]).maxAge, 2_147_483_648)
        XCTAssertEqual(CacheControl([.cacheControl: "max-age=2147483649"]).maxAge, 2_147_483_648)
        XCTAssertEqual(CacheControl([.cacheControl: "\tmax-age = 7 ,public"]).maxAge, 7)
        XCTAssertTrue(CacheControl([.cacheControl: "\tmax-age = 7 ,public"]).isPublic)
        // Invalid values count as zero (stale), never as a long lifetime.
        XCTAssertEqual(CacheControl([.cacheControl: "max-age=-5"]).maxAge, 0)
        XCTAssertEqual(CacheControl([.cacheControl: "max-age=1e3"]).maxAge, 0)
        XCTAssertEqual(CacheControl([.cacheControl: "max-age="]).maxAge, 0)
        XCTAssertNil(CacheControl([.cacheControl: "public, , no-transform"]).maxAge)
    }

    func testCommasInsideQuotesDoNotSplitDirectives() {
        let control = CacheControl([.cacheControl: "private=\"a, no-store, b\", max-age=3"])
        XCTAssertTrue(control.isPrivate)
        XCTAssertFalse(control.noStore)
        XCTAssertEqual(control.maxAge, 3)
    }

    func testPragmaNoCacheCountsOnlyWithoutCacheControl() {
        XCTAssertTrue(CacheControl([HTTPField.Name("Pragma")!: "no-cache"]).noCache)
        XCTAssertFalse(CacheControl([HTTPField.Name("Pragma")!: "no-cache", .cacheControl: "max-age=5"]).noCache)
    }

    func testLifetimeFromMaxAgeOrExpiresAndNoHeuristics() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(CacheFreshness.lifetime(of: [.cacheControl: "max-age=30"], responseTime: now), 30)
        let expires: HTTPFields = [
            .date: HTTPDate.format(now), .expires: HTTPDate.format(now.addingTimeInterval(120)),
        ]
        XCTAssertEqual(CacheFreshness.lifetime(of: expires, responseTime: now), 120)
        XCTAssertEqual(
            CacheFreshness.lifetime(of: [.cacheControl: "max-age=5", .expires: HTTPDate.format(now.addingTimeInterval(999))], responseTime: now),
            5, "max-age wins over Expires")
        XCTAssertEqual(CacheFreshness.lifetime(of: [.expires: "0"], responseTime: now), 0, "an invalid Expires means expired")
        XCTAssertNil(CacheFreshness.lifetime(of: [.lastModified: HTTPDate.format(now.addingTimeInterval(-86_400))], responseTime: now),
                     "no heuristic freshness from Last-Modified")
    }

    func testAgeAddsResidentTimeAndTheAgeHeader() {
        let sent = Date(timeIntervalSince1970: 1_000)
        let received = sent.addingTimeInterval(2)
        let headers: HTTPFields = [.date: HTTPDate.format(sent), .age: "10"]
        let age = CacheFreshness.currentAge(of: headers, requestTime: sent, responseTime: received, now: received.addingTimeInterval(5))
        XCTAssertEqual(age, 10 + 2 + 5)
    }
}
