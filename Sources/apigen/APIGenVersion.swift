/// The version `apigen --version` prints. Bumped with each release; generated files never contain it, so
/// output stays the same across apigen builds that generate the same code.
enum APIGenVersion {
    static let current = "0.20.0"
}
