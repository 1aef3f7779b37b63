// swift-tools-version:6.0
// pagereel: demo videos of paged scroll views, rendered in software on Linux.
import PackageDescription

let ffmpegProviders: [SystemPackageProvider] = [
    .apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev"]),
]

let package = Package(
    name: "pagereel",
    products: [
        .executable(name: "pagereel", targets: ["pagereel"]),
        .library(name: "PageReel", targets: ["PageReel"]),
        .library(name: "PageReelStages",
                 targets: ["PageReelJSON", "PageReelDeck", "PageReelMedia", "PageReelTimeline", "PageReelScene",
                          "PageReelRaster", "PageReelEncode"]),
    ],
    dependencies: [
        // Parsing, help, "did you mean" and completions of the command line, from one declaration.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The studio's HTTP server: event loops, sockets and HTTP/1.1 parsing.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    ],
    targets: [
        // C libraries from Debian, one module each.
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat libavcodec libswscale libswresample libavutil",
                       providers: ffmpegProviders),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CImageQuant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo pangoft2",
                       providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libharfbuzz-dev", "libfribidi-dev",
                                          "libfontconfig-dev", "libfreetype-dev"])]),
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // The few C macros and calls Swift cannot import.
        .target(name: "CShims", dependencies: ["CFFmpeg", "CPNG", "CJPEG"]),
        // The rasterizer's texture sampling loops, in SSE2.
        .target(name: "CSpans"),
        // RGBA to YUV 4:2:0 with libswscale's bytes, in AVX2 where the CPU has it.
        .target(name: "CYUV", dependencies: ["CSpans"]),
        // Planes interleaved, pictures compared: pixel loops in SSE2.
        .target(name: "CPixels"),

        // Every source target may import only what it lists here: `swift build` fails otherwise
        // (SwiftPM alone lets a target import its dependencies' dependencies, C libraries included).
        .plugin(name: "ImportRules", capability: .buildTool()),

        // The positioned JSON reader the deck format is read with; it knows nothing of decks.
        .target(name: "PageReelJSON", plugins: ["ImportRules"]),
        // The stages, in the order data flows through them.
        .target(name: "PageReelDeck", dependencies: ["PageReelJSON"], plugins: ["ImportRules"]),
        .target(name: "PageReelTimeline", dependencies: ["PageReelDeck"], plugins: ["ImportRules"]),
        .target(name: "PageReelScene", dependencies: ["PageReelDeck", "PageReelTimeline"], plugins: ["ImportRules"]),
        // The deck's files turned into data: images and recordings decoded, checked and in sRGB.
        // It feeds Raster, beside the stages, and sees only the deck.
        .target(name: "PageReelMedia", dependencies: ["PageReelDeck", "CShims", "CFFmpeg", "CPNG", "CJPEG", "CLCMS2", "CWebP",
                                                        "CPixels"],
                plugins: ["ImportRules"]),
        // Composes; decoding is Media's, so no decoder's C module is here.
        .target(name: "PageReelRaster",
                dependencies: ["PageReelDeck", "PageReelScene", "PageReelMedia", "CSpans", "CPango"],
                plugins: ["ImportRules"]),
        // The last stage; what it is handed is Media's `Pixmap`.
        .target(name: "PageReelEncode",
                dependencies: ["PageReelRaster", "PageReelMedia", "CShims", "CFFmpeg", "CPNG", "CImageQuant", "CYUV", "CWebP",
                               "CDeflate"],
                plugins: ["ImportRules"]),
        .target(name: "PageReel",
                dependencies: ["PageReelJSON", "PageReelDeck", "PageReelMedia", "PageReelTimeline", "PageReelScene", "PageReelRaster",
                               "PageReelEncode", "CShims", "CPixels"],
                plugins: ["ImportRules"]),
        // The studio: a live preview in the browser, served from the facade's renderer.
        .target(name: "PageReelStudio",
                dependencies: ["PageReel", .product(name: "NIOCore", package: "swift-nio"),
                               .product(name: "NIOPosix", package: "swift-nio"),
                               .product(name: "NIOHTTP1", package: "swift-nio")],
                plugins: ["ImportRules"]),
        // The CLI sees only the facade: MemberImportVisibility makes even members of the stages'
        // types (reachable through the facade's API) a compile error unless PageReel declares them.
        .executableTarget(name: "pagereel",
                          dependencies: ["PageReel", "PageReelStudio", "CShims",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")],
                          swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")],
                          plugins: ["ImportRules"]),

        .testTarget(name: "PageReelJSONTests", dependencies: ["PageReelJSON", "PageReelTestSupport"]),
        .testTarget(name: "PageReelDeckTests", dependencies: ["PageReelDeck", "PageReelJSON", "PageReelTestSupport"],
                    exclude: ["__Fixtures__"]),
        .testTarget(name: "PageReelMediaTests",
                    dependencies: ["PageReelDeck", "PageReelMedia", "PageReelEncode", "PageReelTestSupport",
                                   "CJPEGTestWriter", "CLCMS2", "CPNG", "CShims", "CPixels"],
                    exclude: ["__Fixtures__"]),
        .testTarget(name: "PageReelTimelineTests", dependencies: ["PageReelDeck", "PageReelTimeline"]),
        .testTarget(name: "PageReelSceneTests", dependencies: ["PageReelDeck", "PageReelTimeline", "PageReelScene"]),
        .testTarget(name: "PageReelRasterTests",
                    dependencies: ["PageReelDeck", "PageReelTimeline", "PageReelScene", "PageReelMedia", "PageReelRaster",
                                   "PageReelEncode", "PageReelTestSupport", "CSpans"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "PageReelEncodeTests",
                    dependencies: ["PageReelMedia", "PageReelEncode", "PageReelTestSupport", "CFFmpeg", "CImageQuant"]),
        .testTarget(name: "PageReelTests",
                    dependencies: ["PageReel", "PageReelDeck", "PageReelMedia", "PageReelRaster", "PageReelEncode",
                                   "PageReelTestSupport"]),
        .testTarget(name: "PageReelStudioTests",
                    dependencies: ["PageReelStudio", "PageReel", "PageReelTestSupport",
                                   .product(name: "NIOCore", package: "swift-nio"),
                                   .product(name: "NIOPosix", package: "swift-nio"),
                                   .product(name: "NIOHTTP1", package: "swift-nio")]),
        .testTarget(name: "pagereelTests", dependencies: ["PageReelTestSupport"]),
        // Helpers shared by the test targets: running programs, reading outputs with ffprobe, scratch
        // folders, recordings to decode.
        .target(name: "PageReelTestSupport", dependencies: ["PageReelMedia"], path: "Tests/PageReelTestSupport"),
        // Writes the JPEG files (gray, RGB, CMYK, YCCK) the image decoder's tests read.
        .target(name: "CJPEGTestWriter", dependencies: ["CJPEG"], path: "Tests/CJPEGTestWriter"),
    ],
    swiftLanguageModes: [.v6]
)
