/// A compiled pattern and its backtracking matcher over UTF-8 bytes.
///
/// The matcher keeps its backtrack stack and capture slots in stack-allocated scratch space (moving to
/// the heap only for deep backtracking), so a match allocates nothing. A step budget bounds catastrophic
/// backtracking.
final class ECMARegexProgram: Sendable {
    let instructions: [ECMARegexInstruction]
    let sets: [ECMARegexCharSet]
    let captureSlotCount: Int
    let slotCount: Int
    /// Whether every match must start at 0 (the pattern begins with `^`).
    let anchoredAtStart: Bool
    /// The ASCII byte every match starts with, when known (for skipping ahead).
    let firstByte: UInt8?
    /// For `^…$` patterns made only of single-code-point steps where every repetition but the last has a
    /// fixed count (`^[0-9]+$`, `^\d{4}-\d{2}$`, `^[a-z][a-z0-9_]*$`): the steps, matched in one pass
    /// without backtracking.
    let linearSteps: [(single: ECMARegexSingle, min: Int, max: Int)]?

    init(instructions: [ECMARegexInstruction], sets: [ECMARegexCharSet], captureSlotCount: Int, slotCount: Int) {
        self.instructions = instructions
        self.sets = sets
        self.captureSlotCount = captureSlotCount
        self.slotCount = slotCount
        if case .inputStart = instructions.first { anchoredAtStart = true } else { anchoredAtStart = false }
        switch instructions.first {
        case .single(let single, false) where single.kind == .scalar && single.scalar < 0x80:
            firstByte = UInt8(single.scalar)
        case .repeatSingle(let single, let min, _, _, false) where min > 0 && single.kind == .scalar && single.scalar < 0x80:
            firstByte = UInt8(single.scalar)
        default:
            firstByte = nil
        }
        linearSteps = ECMARegexProgram.linearPlan(instructions)
    }

    private static func linearPlan(_ instructions: [ECMARegexInstruction]) -> [(single: ECMARegexSingle, min: Int, max: Int)]? {
        guard instructions.count >= 3, case .inputStart = instructions[0], case .succeed = instructions[instructions.count - 1],
              case .inputEnd = instructions[instructions.count - 2]
        else { return nil }
        var steps: [(single: ECMARegexSingle, min: Int, max: Int)] = []
        for instruction in instructions[1..<(instructions.count - 2)] {
            // Only the last step may vary in length; earlier ones must be exact.
            if let last = steps.last, last.min != last.max { return nil }
            switch instruction {
            case .single(let single, false): steps.append((single, 1, 1))
            case .repeatSingle(let single, let min, let max, _, false): steps.append((single, min, max))
            default: return nil
            }
        }
        return steps
    }

    /// Runs ``linearSteps`` over `input`.
    private func matchLinear(_ steps: [(single: ECMARegexSingle, min: Int, max: Int)], _ input: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        let end = input.count
        for step in steps {
            var taken = 0
            while taken < step.max && position < end {
                let byte = input[position]
                let matched: Bool
                let length: Int
                if byte < 0x80 {
                    length = 1
                    switch step.single.kind {
                    case .scalar: matched = UInt32(byte) == step.single.scalar
                    default: matched = byte < 64 ? step.single.asciiLow & (1 << UInt64(byte)) != 0 : step.single.asciiHigh & (1 << UInt64(byte - 64)) != 0
                    }
                } else {
                    let (scalar, scalarLength) = ECMARegexMachine.decode(input, at: position)
                    length = scalarLength
                    switch step.single.kind {
                    case .scalar: matched = scalar == step.single.scalar
                    case .any: matched = scalar != 0x2028 && scalar != 0x2029
                    case .set: matched = sets[step.single.setIndex].contains(scalar)
                    }
                }
                guard matched else { break }
                position += length
                taken += 1
            }
            guard taken >= step.min else { return false }
        }
        return position == end
    }

    /// Searches `input` for a match anywhere (`RegExp.prototype.test`). Nil when the step budget ran out.
    func search(_ input: UnsafeBufferPointer<UInt8>, stepBudget: Int) -> Bool? {
        var steps = 0
        return search(input, stepBudget: stepBudget, stepsUsed: &steps)
    }

    /// ``search(_:stepBudget:)`` that also says how many steps it took (none for the linear fast path).
    func search(_ input: UnsafeBufferPointer<UInt8>, stepBudget: Int, stepsUsed: inout Int) -> Bool? {
        stepsUsed = 0
        if let linearSteps { return matchLinear(linearSteps, input) }
        var used = 0
        defer { stepsUsed = used }
        return instructions.withUnsafeBufferPointer { program in
            withUnsafeTemporaryAllocation(of: ECMARegexBacktrack.self, capacity: 48) { stack in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: max(slotCount, 1)) { slots in
                    slots.initialize(repeating: -1)
                    var machine = ECMARegexMachine(
                        program: program,
                        sets: sets,
                        input: input,
                        slots: slots.baseAddress!,
                        stack: stack.baseAddress!,
                        capacity: stack.count,
                        budget: stepBudget
                    )
                    defer {
                        used = min(stepBudget, stepBudget - machine.stepsLeft)
                        machine.releaseStack()
                    }
                    return machine.search(anchored: anchoredAtStart, firstByte: firstByte)
                }
            }
        }
    }
}

/// A saved alternative of the backtracking matcher.
enum ECMARegexBacktrack {
    /// Resume at `pc` with the input at `position`.
    case resume(pc: Int, position: Int)
    /// Undo a slot write.
    case restore(slot: Int, value: Int)
    /// A greedy single-code-point repetition that can give back code points down to `minPosition`.
    case greedy(pc: Int, minPosition: Int, position: Int, backward: Bool)
    /// A lazy single-code-point repetition (instruction `pc`) that can take one more code point.
    case lazy(pc: Int, position: Int, count: Int)
}

/// The matcher state for one search.
struct ECMARegexMachine {
    private let program: UnsafeBufferPointer<ECMARegexInstruction>
    private let sets: [ECMARegexCharSet]
    private let input: UnsafeBufferPointer<UInt8>
    private let end: Int
    private let slots: UnsafeMutablePointer<Int>
    private var stack: UnsafeMutablePointer<ECMARegexBacktrack>
    private var capacity: Int
    private var count = 0
    private var ownsStack = false
    private var budget: Int
    private(set) var exhausted = false
    /// Steps not taken yet (negative by one once exhausted).
    var stepsLeft: Int { budget }

    init(
        program: UnsafeBufferPointer<ECMARegexInstruction>,
        sets: [ECMARegexCharSet],
        input: UnsafeBufferPointer<UInt8>,
        slots: UnsafeMutablePointer<Int>,
        stack: UnsafeMutablePointer<ECMARegexBacktrack>,
        capacity: Int,
        budget: Int
    ) {
        self.program = program
        self.sets = sets
        self.input = input
        self.end = input.count
        self.slots = slots
        self.stack = stack
        self.capacity = capacity
        self.budget = budget
    }

    mutating func releaseStack() {
        if ownsStack { stack.deallocate() }
        ownsStack = false
    }

    /// Tries every start position in turn; nil when the budget ran out.
    mutating func search(anchored: Bool, firstByte: UInt8?) -> Bool? {
        if anchored { return run(0, 0) ? true : (exhausted ? nil : false) }
        var start = 0
        while true {
            if let firstByte {
                while start < end && input[start] != firstByte { start += 1 }
                if start == end { return false }
            }
            if run(0, start) { return true }
            if exhausted { return nil }
            if start >= end { return false }
            start += ECMARegexMachine.sequenceLength(input[start])
        }
    }

    // MARK: - Execution

    /// Runs from `startPC` at `startPosition` until `succeed` (true, leaving its backtrack entries) or
    /// until every alternative failed (false, with the stack back where it was).
    private mutating func run(_ startPC: Int, _ startPosition: Int) -> Bool {
        let base = count
        var pc = startPC
        var position = startPosition
        while true {
            budget &-= 1
            if budget < 0 {
                exhausted = true
                unwind(to: base)
                return false
            }
            var ok = true
            switch program[pc] {
            case .single(let single, let backward):
                if let next = backward ? matchBackward(single, position) : matchForward(single, position) {
                    position = next
                    pc += 1
                } else {
                    ok = false
                }
            case .repeatSingle(let single, let min, let max, let greedy, let backward):
                var current = position
                var taken = 0
                while taken < min {
                    guard let next = step(single, current, backward) else {
                        ok = false
                        break
                    }
                    current = next
                    taken += 1
                }
                guard ok else { break }
                if greedy {
                    let minPosition = current
                    while taken < max, let next = step(single, current, backward) {
                        current = next
                        taken += 1
                    }
                    if current != minPosition {
                        push(.greedy(pc: pc + 1, minPosition: minPosition, position: current, backward: backward))
                    }
                } else if taken < max {
                    push(.lazy(pc: pc, position: current, count: taken))
                }
                position = current
                pc += 1
            case .split(let first, let second):
                push(.resume(pc: second, position: position))
                pc = first
            case .jump(let target):
                pc = target
            case .save(let slot):
                push(.restore(slot: slot, value: slots[slot]))
                slots[slot] = position
                pc += 1
            case .clear(let from, let to):
                for slot in from..<to where slots[slot] != -1 {
                    push(.restore(slot: slot, value: slots[slot]))
                    slots[slot] = -1
                }
                pc += 1
            case .inputStart:
                ok = position == 0
                pc += 1
            case .inputEnd:
                ok = position == end
                pc += 1
            case .wordBoundary(let negated):
                let before = position > 0 && ECMARegexCharSet.isWordByte(input[position - 1])
                let after = position < end && ECMARegexCharSet.isWordByte(input[position])
                ok = (before != after) != negated
                pc += 1
            case .look(_, let negative, let next):
                let mark = count
                let matched = run(pc + 1, position)
                if exhausted { return false }
                if matched {
                    if negative {
                        unwind(to: mark)
                        ok = false
                    } else {
                        keepRestores(from: mark)
                        pc = next
                    }
                } else if negative {
                    pc = next
                } else {
                    ok = false
                }
            case .backreference(let group, let backward):
                let captureStart = slots[2 * group]
                let captureEnd = slots[2 * group + 1]
                pc += 1
                if captureStart >= 0 && captureEnd >= captureStart {
                    let length = captureEnd - captureStart
                    let from = backward ? position - length : position
                    if from >= 0 && from + length <= end && bytesEqual(captureStart, from, length) {
                        position = backward ? from : position + length
                    } else {
                        ok = false
                    }
                }
            case .progressSave(let register):
                push(.restore(slot: register, value: slots[register]))
                slots[register] = position
                pc += 1
            case .progressCheck(let register):
                ok = slots[register] != position
                pc += 1
            case .succeed:
                return true
            }
            if !ok && !backtrack(base: base, pc: &pc, position: &position) { return false }
        }
    }

    /// Pops to the most recent alternative above `base`; false when there is none.
    private mutating func backtrack(base: Int, pc: inout Int, position: inout Int) -> Bool {
        while count > base {
            count -= 1
            switch stack[count] {
            case .resume(let resumePC, let resumePosition):
                pc = resumePC
                position = resumePosition
                return true
            case .restore(let slot, let value):
                slots[slot] = value
            case .greedy(let next, let minPosition, let current, let backward):
                let stepped = backward ? ECMARegexMachine.nextBoundary(input, after: current) : previousBoundary(before: current)
                if stepped != minPosition {
                    push(.greedy(pc: next, minPosition: minPosition, position: stepped, backward: backward))
                }
                pc = next
                position = stepped
                return true
            case .lazy(let at, let current, let taken):
                guard case .repeatSingle(let single, _, let max, _, let backward) = program[at],
                      let next = step(single, current, backward)
                else { continue }
                if taken + 1 < max { push(.lazy(pc: at, position: next, count: taken + 1)) }
                pc = at + 1
                position = next
                return true
            }
        }
        return false
    }

    /// Pops to `mark`, undoing slot writes.
    private mutating func unwind(to mark: Int) {
        while count > mark {
            count -= 1
            if case .restore(let slot, let value) = stack[count] { slots[slot] = value }
        }
    }

    /// After a successful lookaround, drops its alternatives but keeps its slot undo entries, so that
    /// backtracking past the lookaround still restores the captures it set.
    private mutating func keepRestores(from mark: Int) {
        var kept = mark
        for index in mark..<count {
            if case .restore = stack[index] {
                stack[kept] = stack[index]
                kept += 1
            }
        }
        count = kept
    }

    @inline(__always)
    private mutating func push(_ entry: ECMARegexBacktrack) {
        if count == capacity { grow() }
        (stack + count).initialize(to: entry)
        count += 1
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newStack = UnsafeMutablePointer<ECMARegexBacktrack>.allocate(capacity: newCapacity)
        newStack.moveInitialize(from: stack, count: count)
        if ownsStack { stack.deallocate() }
        stack = newStack
        capacity = newCapacity
        ownsStack = true
    }

    // MARK: - Code points

    @inline(__always)
    private func step(_ single: ECMARegexSingle, _ position: Int, _ backward: Bool) -> Int? {
        backward ? matchBackward(single, position) : matchForward(single, position)
    }

    @inline(__always)
    private func matchForward(_ single: ECMARegexSingle, _ position: Int) -> Int? {
        guard position < end else { return nil }
        let byte = input[position]
        if byte < 0x80 {
            return test(single, ascii: byte) ? position + 1 : nil
        }
        let (scalar, length) = ECMARegexMachine.decode(input, at: position)
        return test(single, scalar: scalar) ? position + length : nil
    }

    @inline(__always)
    private func matchBackward(_ single: ECMARegexSingle, _ position: Int) -> Int? {
        guard position > 0 else { return nil }
        let byte = input[position - 1]
        if byte < 0x80 {
            return test(single, ascii: byte) ? position - 1 : nil
        }
        let start = previousBoundary(before: position)
        let (scalar, _) = ECMARegexMachine.decode(input, at: start)
        return test(single, scalar: scalar) ? start : nil
    }

    @inline(__always)
    private func test(_ single: ECMARegexSingle, ascii byte: UInt8) -> Bool {
        if single.kind == .scalar { return UInt32(byte) == single.scalar }
        return byte < 64 ? single.asciiLow & (1 << UInt64(byte)) != 0 : single.asciiHigh & (1 << UInt64(byte - 64)) != 0
    }

    private func test(_ single: ECMARegexSingle, scalar: UInt32) -> Bool {
        switch single.kind {
        case .scalar: scalar == single.scalar
        case .any: scalar != 0x2028 && scalar != 0x2029
        case .set: sets[single.setIndex].contains(scalar)
        }
    }

    private func bytesEqual(_ first: Int, _ second: Int, _ length: Int) -> Bool {
        var offset = 0
        while offset < length {
            if input[first + offset] != input[second + offset] { return false }
            offset += 1
        }
        return true
    }

    @inline(__always)
    private func previousBoundary(before position: Int) -> Int {
        var index = position - 1
        while index > 0 && input[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    @inline(__always)
    static func nextBoundary(_ input: UnsafeBufferPointer<UInt8>, after position: Int) -> Int {
        position + sequenceLength(input[position])
    }

    /// The length of the UTF-8 sequence a lead byte starts.
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        if lead < 0xC0 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }

    /// Decodes the (valid) UTF-8 sequence at `position`.
    @inline(__always)
    static func decode(_ input: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int) {
        let lead = UInt32(input[position])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(input[position + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(input[position + 1] & 0x3F) << 6 | UInt32(input[position + 2] & 0x3F), 3)
        }
        let value = (lead & 0x07) << 18 | UInt32(input[position + 1] & 0x3F) << 12
            | UInt32(input[position + 2] & 0x3F) << 6 | UInt32(input[position + 3] & 0x3F)
        return (value, 4)
    }
}
