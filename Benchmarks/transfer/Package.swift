// swift-tools-version:6.0
// The transfer benchmark: a 1 GiB download to a file and a 1 GiB upload from a file through apigen's runtime over
// loopback, reporting peak RSS above the process baseline. `run.sh` is the entry point; see README.md.
import PackageDescription

let package = Package(
    name: "apigen-transfer-bench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "TransferBench",
            dependencies: [
                .product(name: "APIRuntime", package: mainPackageIdentity),
                .product(name: "APIRuntimeDownloads", package: mainPackageIdentity),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)

/// The identity SwiftPM gives the path dependency `../..`: the name of the repository's folder, lower-cased.
var mainPackageIdentity: String {
    let directory = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "main"
    return directory.lowercased()
}
