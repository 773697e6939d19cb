/// Whether a value is being encoded to be sent: generated models then leave out their read-only members (OpenAPI
/// `readOnly`: sent by the server, never sent back), so a model fetched and sent back unchanged does not carry them.
///
/// Set by ``RequestBuilder`` around encoding a body or an object parameter; any other encoding (the response store,
/// an app's own `JSONEncoder`) keeps every member.
@_spi(Generated) public enum RequestBodyEncoding {
    /// True while ``RequestBuilder`` encodes a request's body or an object parameter.
    @TaskLocal public static var isActive = false

    /// Runs `encode` with ``isActive`` set.
    public static func encoding<T>(_ encode: () throws -> T) rethrows -> T {
        try $isActive.withValue(true, operation: encode)
    }
}
