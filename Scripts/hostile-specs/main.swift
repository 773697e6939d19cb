// Writes the random hostile descriptions of Tests/APIGenCoreTests/HostileSpecGenerator.swift (the same seeds give the
// same descriptions as RandomHostileSpecTests) as files, for Scripts/hostile-specs.py:
//
//   hostile-spec-writer FOLDER FIRST_SEED COUNT     -> FOLDER/<seed>.yaml
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let first = UInt64(arguments[2]), let count = UInt64(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: hostile-spec-writer FOLDER FIRST_SEED COUNT\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
for seed in first..<(first + count) {
    var random = HostileSpecGenerator(seed: seed)
    try Data(random.spec().utf8).write(to: folder.appendingPathComponent("\(seed).yaml"))
}
