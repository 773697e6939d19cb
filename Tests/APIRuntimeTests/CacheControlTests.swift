@_spi(Generated) @_spi(RuntimeInternals) @testable import APIRuntime
@testable import APIRuntimeStore
import Foundation
import XCTest

final class CacheControlTests: XCTestCase {
    func testParsesDirectivesAcrossFieldsCaseInsensitively() {
        var headers = HTTPHeaders()
        headers.add(name: "Cache-Control", value: "Private, MAX-AGE=\"60\"")
        headers.add(name: "cache-control", value: "no-cache=\"Set-Cookie, X-A\", must-revalidate")
        let control = CacheControl(headers)
        XCTAssertEqual(control.maxAge, 60)
        XCTAssertTrue(control.isPrivate)
        XCTAssertTrue(control.noCache)
        XCTAssertTrue(control.mustRevalidate)
        XCTAssertFalse(control.noStore)
    }

    func testDeltaSecondsAreDigitsOnlyAndSaturateAtTwoToThe31() {
        XCTAssertEqual(CacheControl(["Cache-Control": "max-age=99999999999999999999999"]).maxAge, 2_147_483_648)
        XCTAssertEqual(CacheControl(["Cache-Control": "max-age=2147483649"]).maxAge, 2_147_483_648)
        XCTAssertEqual(CacheControl(["Cache-Control": "\tmax-age = 7 ,public"]).maxAge, 7)
        XCTAssertTrue(CacheControl(["Cache-Control": "\tmax-age = 7 ,public"]).isPublic)
        // Invalid values count as zero (stale), never as a long lifetime.
        XCTAssertEqual(CacheControl(["Cache-Control": "max-age=-5"]).maxAge, 0)
        XCTAssertEqual(CacheControl(["Cache-Control": "max-age=1e3"]).maxAge, 0)
        XCTAssertEqual(CacheControl(["Cache-Control": "max-age="]).maxAge, 0)
        XCTAssertNil(CacheControl(["Cache-Control": "public, , no-transform"]).maxAge)
    }

    func testCommasInsideQuotesDoNotSplitDirectives() {
        let control = CacheControl(["Cache-Control": "private=\"a, no-store, b\", max-age=3"])
        XCTAssertTrue(control.isPrivate)
        XCTAssertFalse(control.noStore)
        XCTAssertEqual(control.maxAge, 3)
    }

    func testPragmaNoCacheCountsOnlyWithoutCacheControl() {
        XCTAssertTrue(CacheControl(["Pragma": "no-cache"]).noCache)
        XCTAssertFalse(CacheControl(["Pragma": "no-cache", "Cache-Control": "max-age=5"]).noCache)
    }

    func testLifetimeFromMaxAgeOrExpiresAndNoHeuristics() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(CacheFreshness.lifetime(of: ["Cache-Control": "max-age=30"], responseTime: now), 30)
        let expires: HTTPHeaders = [
            "Date": HTTPDate.format(now), "Expires": HTTPDate.format(now.addingTimeInterval(120)),
        ]
        XCTAssertEqual(CacheFreshness.lifetime(of: expires, responseTime: now), 120)
        XCTAssertEqual(
            CacheFreshness.lifetime(of: ["Cache-Control": "max-age=5", "Expires": HTTPDate.format(now.addingTimeInterval(999))], responseTime: now),
            5, "max-age wins over Expires")
        XCTAssertEqual(CacheFreshness.lifetime(of: ["Expires": "0"], responseTime: now), 0, "an invalid Expires means expired")
        XCTAssertNil(CacheFreshness.lifetime(of: ["Last-Modified": HTTPDate.format(now.addingTimeInterval(-86_400))], responseTime: now),
                     "no heuristic freshness from Last-Modified")
    }

    func testAgeAddsResidentTimeAndTheAgeHeader() {
        let sent = Date(timeIntervalSince1970: 1_000)
        let received = sent.addingTimeInterval(2)
        let headers: HTTPHeaders = ["Date": HTTPDate.format(sent), "Age": "10"]
        let age = CacheFreshness.currentAge(of: headers, requestTime: sent, responseTime: received, now: received.addingTimeInterval(5))
        XCTAssertEqual(age, 10 + 2 + 5)
    }
}
