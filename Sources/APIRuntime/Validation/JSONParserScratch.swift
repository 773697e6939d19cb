/// A growable stack that hands out its top elements by moving them into a new exactly-sized array, so
/// ``JSONParser`` builds each array and object with a single allocation and no reference-count traffic.
final class JSONParserScratch<Element> {
    // Exclusivity is not checked dynamically: the parser is single-threaded and never nests accesses.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    /// The number of elements on the stack.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        storage = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Pushes `element`.
    @inline(__always)
    func push(_ element: Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top into a new array and pops them.
    func popArray(from start: Int) -> [Element] {
        let length = count - start
        if length == 0 { return [] }
        let source = storage + start
        // Not `Array(unsafeUninitializedCapacity:)`: that allocates through a non-inlinable, unspecialized standard
        // library function which looks the storage class's generic metadata up on every call (8% of the instructions
        // of a parse on Linux, measured with callgrind); `reserveCapacity` + `append` are specialized and allocate once.
        var result: [Element] = []
        result.reserveCapacity(length)
        for offset in 0..<length { result.append((source + offset).move()) }
        count = start
        return result
    }

    /// Direct access to the element at `index` (below ``count``).
    subscript(index: Int) -> Element {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// Modifies the top element in place.
    @inline(__always)
    func modifyLast(_ body: (inout Element) -> Void) {
        body(&storage[count - 1])
    }

    /// Removes the top `count` elements.
    func removeLast(_ removed: Int) {
        precondition(removed >= 0 && removed <= count, "removing more elements than the stack holds")
        (storage + count - removed).deinitialize(count: removed)
        count -= removed
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
