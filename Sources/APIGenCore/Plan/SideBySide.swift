import Dispatch

/// Runs two independent parts of a generation at once: resolving and planning are otherwise one thread on a machine
/// with more than one core, and parts such as parsing the templates or naming every validator need nothing the
/// other part produces.
enum SideBySide {
    /// Runs `side` on another thread while `main` runs on this one, and returns `side`'s result once both are done.
    static func run<Side: Sendable>(_ side: @escaping @Sendable () -> Side, alongside main: () -> Void) -> Side {
        withoutActuallyEscaping(main) { (main: @escaping () -> Void) -> Side in
            let work = Work<Side>(main: main)
            // Iteration 1 is handed to a worker thread when one is free, else run here after iteration 0.
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 { work.runMain() } else { work.store(side()) }
            }
            return work.result!
        }
    }

    /// `main` is not `Sendable` (it mutates the caller's planner), but it runs exactly once, on one thread, and
    /// `run` waits for it before returning; `result` is written by the other iteration and read after both ended.
    private final class Work<Side>: @unchecked Sendable {
        private let main: () -> Void
        private(set) var result: Side?

        init(main: @escaping () -> Void) { self.main = main }

        func runMain() { main() }
        func store(_ value: Side) { result = value }
    }
}
