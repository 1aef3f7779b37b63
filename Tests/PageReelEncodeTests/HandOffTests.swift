import Foundation
import Synchronization
import Testing
@testable import PageReelEncode

/// The queue that moves frames between the render thread and the encoders' thread, and a video's sound ahead of its pictures.
@Suite struct HandOffTests {
    /// Values come out in the order they went in, on another thread.
    @Test func deliversInOrderAcrossThreads() {
        let queue = HandOff<Int>(capacity: 3)
        let received = Mutex<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<100 { if let value = queue.receive() { received.withLock { $0.append(value) } } }
            done.signal()
        }.start()
        for value in 0..<100 { queue.send(value) }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.withLock { $0 } == Array(0..<100))
    }

    /// A full queue makes the sender wait until the receiver takes a value.
    @Test func senderWaitsWhileFull() {
        let queue = HandOff<Int>(capacity: 2)
        queue.send(1)
        queue.send(2)
        let third = DispatchSemaphore(value: 0)
        Thread {
            queue.send(3)
            third.signal()
        }.start()
        #expect(third.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(queue.receive() == 1)
        #expect(third.wait(timeout: .now() + 10) == .success)
        #expect(queue.receive() == 2 && queue.receive() == 3)
    }

    /// Closing wakes a receiver waiting on an empty queue and a sender waiting on a full one, and
    /// every later call gives up at once.
    @Test func closeWakesBothSides() {
        let empty = HandOff<Int>(capacity: 1), full = HandOff<Int>(capacity: 1)
        full.send(0)
        let results = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        Thread {
            if empty.receive() == nil { results.withLock { $0.append("receive gave up") } }
            done.signal()
        }.start()
        Thread {
            if !full.send(1) { results.withLock { $0.append("send gave up") } }
            done.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.1)   // both are waiting by now
        empty.close()
        full.close()
        #expect(done.wait(timeout: .now() + 10) == .success && done.wait(timeout: .now() + 10) == .success)
        #expect(results.withLock { $0.sorted() } == ["receive gave up", "send gave up"])
        #expect(empty.receive() == nil && !empty.send(2) && full.receive() == nil)
    }

    /// A value is moved, not copied: the receiver holds the only reference to the sender's
    /// storage, so writing it does not copy (a frame buffer comes back writable in place).
    @Test func movesStorageWithoutCopying() throws {
        let queue = HandOff<[UInt8]>(capacity: 1)
        var buffer = [UInt8](repeating: 7, count: 1 << 20)
        let storage = buffer.withUnsafeBufferPointer { $0.baseAddress }
        buffer[0] = 1
        queue.send(consume buffer)
        var received = try #require(queue.receive())
        received[1] = 2
        #expect(received.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(received[0] == 1 && received[1] == 2)
    }

    /// A receiver that is told to stop gives up within a poll, though nothing was sent; one that
    /// is not receives as usual.
    @Test func receiveGivesUpWhenToldToStop() {
        let queue = HandOff<Int>(capacity: 2)
        let start = Date()
        var asked = 0
        #expect(queue.receive(unless: { asked += 1; return Date().timeIntervalSince(start) > 0.12 }) == nil)
        #expect(asked >= 2 && Date().timeIntervalSince(start) < 1)
        queue.send(7)
        #expect(queue.receive(unless: { false }) == 7)
    }
}
