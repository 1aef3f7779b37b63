import Foundation
import Testing
import PageReelTestSupport
@testable import PageReel

/// Balanced, contiguous ranges covering every frame once.
@Suite struct ShardPlanTests {
    let scratch = ScratchDirectory()

    @Test func rangesAreContiguousAndBalanced() throws {
        #expect(try ShardPlan(frameCount: 900, shards: 3).frameArguments == ["0-299", "300-599", "600-899"])
        #expect(try ShardPlan(frameCount: 198, shards: 4).frameArguments == ["0-49", "50-99", "100-148", "149-197"])
        #expect(try ShardPlan(frameCount: 7, shards: 1).frameArguments == ["0-6"])
        for (frames, shards) in [(1, 1), (10, 3), (1000, 7), (72000, 64), (5, 5)] {
            let plan = try ShardPlan(frameCount: frames, shards: shards)
            #expect(plan.shards.count == shards && plan.shards.first?.lowerBound == 0 && plan.shards.last?.upperBound == frames - 1)
            for (a, b) in zip(plan.shards, plan.shards.dropFirst()) { #expect(b.lowerBound == a.upperBound + 1) }
            let lengths = plan.shards.map(\.count)
            #expect(lengths.max()! - lengths.min()! <= 1)
        }
    }

    /// More shards than frames: one per frame, never an empty one.
    @Test func moreShardsThanFramesGivesOnePerFrame() throws {
        let plan = try ShardPlan(frameCount: 3, shards: 8)
        #expect(plan.frameArguments == ["0-0", "1-1", "2-2"] && plan.requested == 8)
        #expect(throws: PageReelError.self) { try ShardPlan(frameCount: 3, shards: 0) }
    }

    @Test func theProjectsRateDecidesTheFrameCount() throws {
        let project = try Project.load(try TestDecks.write(in: scratch))
        #expect(try ShardPlan(project: project, shards: 2).frameCount == project.frameCount)
        var options = ExportOptions()
        options.fps = 40
        #expect(try ShardPlan(project: project, options: options, shards: 2).frameCount == project.frameCount(fps: 40))
        options.size = (100, 100)
        #expect(throws: PageReelError.self) { try ShardPlan(project: project, options: options, shards: 2) }
    }

    @Test func jsonForACIMatrix() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(ShardPlan(frameCount: 900, shards: 3)), as: UTF8.self)
        #expect(json == #"{"frames":900,"shards":["0-299","300-599","600-899"]}"#)
    }
}
