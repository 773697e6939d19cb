import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Classifies errors thrown by transports (directly or wrapped in ``APIError/transport(_:)``).
public enum NetworkFailure {
    /// The `URLError` in `error`, looking inside ``APIError/transport(_:)``.
    public static func urlError(in error: any Error) -> URLError? {
        if let urlError = error as? URLError { return urlError }
        if case APIError.transport(let underlying) = error { return underlying as? URLError }
        return nil
    }

    /// Whether no response arrived because the network or the server could not be reached: offline, DNS failure,
    /// connection refused or lost, timeout. These are what the offline queue and ``FetchPolicy/networkFirst``
    /// treat as "offline". Cancellation is not one of them.
    public static func isConnectivity(_ error: any Error) -> Bool {
        guard let code = urlError(in: error)?.code else { return false }
        switch code {
        case .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
             .dnsLookupFailed, .timedOut, .internationalRoamingOff, .callIsActive, .dataNotAllowed:
            return true
        default:
            return false
        }
    }

    /// Whether a retry might succeed: connectivity failures plus a response that ended early
    /// (`badServerResponse`, `cannotParseResponse`, zero-byte resource).
    public static func isTransient(_ error: any Error) -> Bool {
        if isConnectivity(error) { return true }
        guard let code = urlError(in: error)?.code else { return false }
        return code == .badServerResponse || code == .cannotParseResponse || code == .zeroByteResource
    }
}
