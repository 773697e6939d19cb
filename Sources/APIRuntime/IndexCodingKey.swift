/// An array position in a coding path, spelled like the one `JSONDecoder` uses.
struct IndexCodingKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }

    init?(intValue: Int) {
        self.init(intValue)
    }

    init?(stringValue: String) {
        return nil
    }
}
