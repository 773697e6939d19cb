/// Log levels with swift-log's names and order, so `Logger.Level(rawValue: level.rawValue)` converts them.
public enum LogLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Very detailed tracing.
    case trace
    /// Debugging details.
    case debug
    /// Informational.
    case info
    /// Normal but significant.
    case notice
    /// Something unexpected that does not stop the operation.
    case warning
    /// An operation failed.
    case error
    /// A failure that needs immediate attention.
    case critical

    /// Orders by severity, `trace` lowest.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One log message with swift-log-style metadata (string values).
public struct LogRecord: Sendable, Hashable {
    /// The severity.
    public var level: LogLevel
    /// The message.
    public var message: String
    /// Structured details, e.g. `["status": "200", "operation": "getProfile"]`.
    public var metadata: [String: String]
    /// The emitting component, `"APIRuntime"`.
    public var source: String

    /// Creates a record.
    public init(level: LogLevel, message: String, metadata: [String: String] = [:], source: String = "APIRuntime") {
        self.level = level
        self.message = message
        self.metadata = metadata
        self.source = source
    }
}

/// Where the runtime logs. The runtime does not depend on swift-log; bridge it in a few lines:
///
/// ```swift
/// import Logging
/// struct SwiftLogBridge: RuntimeLogger {
///     let logger: Logger
///     func log(_ record: LogRecord) {
///         logger.log(level: Logger.Level(rawValue: record.level.rawValue)!, "\(record.message)",
///                    metadata: record.metadata.mapValues { .string($0) }, source: record.source)
///     }
/// }
/// ```
public protocol RuntimeLogger: Sendable {
    /// Writes `record`.
    func log(_ record: LogRecord)
}

/// A ``RuntimeLogger`` that passes records at or above `minimumLevel` to a closure (e.g. `print`).
public struct ClosureLogger: RuntimeLogger {
    /// The lowest level passed on.
    public let minimumLevel: LogLevel
    private let handler: @Sendable (LogRecord) -> Void

    /// A logger calling `handler` for records at or above `minimumLevel`.
    public init(minimumLevel: LogLevel = .info, _ handler: @escaping @Sendable (LogRecord) -> Void) {
        self.minimumLevel = minimumLevel
        self.handler = handler
    }

    /// Calls the handler when `record.level >= minimumLevel`.
    public func log(_ record: LogRecord) {
        if record.level >= minimumLevel {
            handler(record)
        }
    }
}
