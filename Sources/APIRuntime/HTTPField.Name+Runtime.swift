import HTTPTypes

extension HTTPField.Name {
    /// `Last-Event-ID`, sent when a server-sent event stream reconnects.
    package static var lastEventID: Self { Self("Last-Event-ID")! }
    /// `Idempotency-Key`, sent with replayed offline requests.
    package static var idempotencyKey: Self { Self("Idempotency-Key")! }
}
