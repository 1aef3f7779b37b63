import Glibc
import Testing
@testable import PageReelEncode

/// Only a failing storage is a failed write (exit 74); every other error code is internal (70).
@Suite struct EncodeErrorTests {
    let check = FFmpegCheck(path: "/out/demo.mp4")

    /// The error `check.write(code)` throws.
    func thrown(_ code: Int32) -> EncodeError? {
        do {
            try check.write(code, "av_write_frame")
        } catch {
            return error
        }
        return nil
    }

    @Test func ffmpegWriteCodes() {
        #expect(thrown(-ENOSPC) == .diskFull(path: "/out/demo.mp4"))
        #expect(thrown(-EDQUOT) == .diskFull(path: "/out/demo.mp4"))
        for code in [EIO, EFBIG] {
            guard case .writeFailed = thrown(-code) else {
                Issue.record("errno \(code) is a failed write")
                continue
            }
        }
        for code in [EINVAL, EBADF, ENOMEM, EAGAIN] {
            guard case .ffmpeg = thrown(-code) else {
                Issue.record("errno \(code) is not a storage failure")
                continue
            }
        }
    }

    @Test func posixCodes() {
        #expect(EncodeError.posix(ENOSPC, path: "p", call: "write", creating: false) == .diskFull(path: "p"))
        if case .writeFailed = EncodeError.posix(EIO, path: "p", call: "write", creating: false) {} else {
            Issue.record("EIO is a failed write")
        }
        if case .system(_, _, EBADF, _) = EncodeError.posix(EBADF, path: "p", call: "write", creating: false) {} else {
            Issue.record("EBADF is internal")
        }
        if case .cannotCreate = EncodeError.posix(EACCES, path: "p", call: "open", creating: true) {} else {
            Issue.record("open failing is cannotCreate")
        }
    }
}
