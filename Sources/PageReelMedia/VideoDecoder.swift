import CFFmpeg

/// Decodes the frames of a clip on request, giving the same pixels for a frame whichever order the
/// frames are asked in.
///
/// Design note. A frame is defined as what decoding the file from its start shows. Streaming
/// forward gives exactly that, so a request for a later frame keeps decoding forward, discarding
/// the frames in between. Any other request seeks: to the keyframe the frame index chooses (the
/// last one at or before the frame's packet that is not shown after the frame, so that open-GOP
/// leading pictures are reached from the GOP before), the codec flushed, then decoding forward and
/// discarding until the frame. A seek is checked, not trusted: the packet it lands on is looked up
/// in the index, and landing anywhere but on a keyframe at or before the chosen one falls back to
/// the file's start, by reopening it if need be. If the frame does not come out — a later one
/// does first, the stream ends, or the decoder flags it corrupt — decoding restarts from an
/// earlier keyframe, and finally from the start; only a frame that decoding from the start cannot
/// show is an error.
///
/// What makes the output independent of the path: one decoding thread (`thread_count = 1`, so
/// nothing depends on timing); a reorder delay set before opening to at least what the B-frame
/// pattern needs (FFmpeg's H.264 decoder otherwise grows it on the fly and drops the frames that
/// came out of order meanwhile, which would differ between a decode from the start and one after
/// a seek); frames identified by presentation timestamp, never counted.
///
/// A frame can be converted at its full size or reduced by a power of two (`reduction`), for a
/// page that shows it smaller: the decoded picture is kept until the next frame is decoded, so the
/// same frame at another reduction is converted again, not decoded again.
///
/// Memory is bounded by the codec's reference pictures, one decoded picture, one packet and the
/// last converted pixmap; nothing grows with the clip's length but the frame index.
final class VideoDecoder {
    let index: VideoFrameIndex
    let orientation: ImageOrientation
    let maxPixels: Int
    private let check: MediaCheck
    private var demuxer: VideoDemuxer
    private let codec: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let picture: UnsafeMutablePointer<AVFrame>
    /// A converter for each reduction asked for, all to sizes derived from the first picture's.
    private var converters: [Int: VideoConverter] = [:]
    /// The stored size every picture is converted to (reduced): the first picture's, or the one
    /// given when the decoder was made, so that all decoders of a clip agree.
    private(set) var baseSize: (width: Int, height: Int)? = nil
    /// The frame `picture` holds, still referenced (nil: none).
    private var held: Int? = nil

    /// The keyframe packet decoding went from since the last flush (-1: the start of the file);
    /// nil before the first seek.
    private var startedAt: Int? = nil
    /// The packet read next, in decode order.
    private var nextPacket = 0
    /// `packet` holds packet `nextPacket`, read but not sent (the packet a seek landed on).
    private var pending = false
    /// The end of the file was sent to the codec.
    private var flushing = false
    /// The last frame the codec output since the last flush (-1: none).
    private var lastOutput = -1
    /// The last frame returned, kept for a clip shown at a higher frame rate than its own.
    private var last: (index: Int, reduction: Int, pixmap: Pixmap)? = nil

    /// How pictures become RGB.
    let conversion: VideoClip.Conversion

    init(demuxer: VideoDemuxer, index: VideoFrameIndex, maxPixels: Int,
         baseSize: (width: Int, height: Int)? = nil, conversion: VideoClip.Conversion = .exact) throws(MediaError) {
        self.baseSize = baseSize
        self.conversion = conversion
        let check = demuxer.check
        guard let decoder = avcodec_find_decoder(demuxer.parameters.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(demuxer.parameters.pointee.codec_id))
            throw check.error("no decoder for \(name) video")
        }
        var codec = avcodec_alloc_context3(decoder)
        var packet = av_packet_alloc()
        var picture = av_frame_alloc()
        guard let codec, let packet, let picture else {
            avcodec_free_context(&codec)
            av_packet_free(&packet)
            av_frame_free(&picture)
            throw check.error("out of memory")
        }
        (self.codec, self.packet, self.picture) = (codec, packet, picture)
        self.check = check
        self.demuxer = demuxer
        self.index = index
        self.orientation = demuxer.orientation
        self.maxPixels = maxPixels
        // Every stored property is set: deinit frees the codec from here on.
        try check(avcodec_parameters_to_context(codec, demuxer.parameters), "cannot set up the decoder")
        codec.pointee.pkt_timebase = demuxer.timeBase
        codec.pointee.thread_count = 1
        // libavcodec refuses larger pictures before allocating them (a stream may change size).
        codec.pointee.max_pixels = Int64(maxPixels)
        codec.pointee.has_b_frames = max(codec.pointee.has_b_frames, Int32(index.reorderDepth))
        try check(avcodec_open2(codec, decoder, nil), "cannot open the decoder")
    }

    deinit {
        var codec: UnsafeMutablePointer<AVCodecContext>? = codec
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        var picture: UnsafeMutablePointer<AVFrame>? = picture
        avcodec_free_context(&codec)
        av_packet_free(&packet)
        av_frame_free(&picture)
    }

    /// Frame `k` upright, as decoding from the start of the file shows it, its size divided by
    /// `reduction` (a power of two; rounded up).
    func frame(_ k: Int, reduction: Int = 1) throws(MediaError) -> Pixmap {
        if let last, last.index == k, last.reduction == reduction { return last.pixmap }
        if held != k { try decode(k) }
        let pixmap = try convert(picture, reduction: reduction)
        last = (k, reduction, pixmap)
        return pixmap
    }

    /// Frame `k` at full size, as `VideoConverter.picture(from:check:)` gives it (the planes of
    /// an 8-bit 4:2:0 picture the `.fast` conversion takes, else RGBA).
    func picture(_ k: Int) throws(MediaError) -> VideoPicture {
        if held != k { try decode(k) }
        return try converter(for: picture, reduction: 1).picture(from: picture, check: check)
    }

    /// Decodes frame `k` into `picture`, held there.
    private func decode(_ k: Int) throws(MediaError) {
        held = nil
        av_frame_unref(picture)
        var start = index.start(for: k)
        // Keep going forward when k is still to come from a start that suits it, unless a keyframe
        // that suits it lies ahead (then seeking there skips decoding the frames in between).
        let onTheWay = startedAt.map { $0 <= start && k > lastOutput && !flushing && start <= nextPacket } ?? false
        if !onTheWay { try seek(to: start) }
        while try !decode(until: k) {
            guard let from = startedAt, from >= 0 else {
                let at = (index.frameTimes[k] * 1000).rounded() / 1000
                throw check.error("frame \(k) (at \(at) s) does not decode")
            }
            start = index.start(for: k, before: from)
            try seek(to: start)
        }
        held = k
    }

    /// Decodes until frame `k` is in `picture` (true), or it is clear it will not come from here.
    private func decode(until k: Int) throws(MediaError) -> Bool {
        while true {
            let received = avcodec_receive_frame(codec, picture)
            if received == MediaCheck.again {
                try feed()
                continue
            }
            if received == MediaCheck.endOfFile { return false }
            try check(received, "cannot decode frame \(k)")
            let f = picture.pointee
            let timestamp = f.pts != MediaCheck.noTimestamp ? f.pts : f.best_effort_timestamp
            guard let j = index.frame(withTimestamp: timestamp), j > lastOutput else {
                av_frame_unref(picture)   // a reference-only picture, or a timestamp twice
                continue
            }
            lastOutput = j
            if j == k {
                // A corrupt picture after a seek means a reference was missing: go further back.
                if f.flags & AV_FRAME_FLAG_CORRUPT == 0 || startedAt == -1 { return true }
                av_frame_unref(picture)
                return false
            }
            av_frame_unref(picture)
            if j > k { return false }
        }
    }

    /// Sends the codec the next packet, or the end of the stream.
    private func feed() throws(MediaError) {
        if !pending {
            guard try demuxer.read(into: packet) else {
                flushing = true
                try check(avcodec_send_packet(codec, nil), "cannot finish decoding")
                return
            }
            nextPacket = try locate(packet, expected: nextPacket)
        }
        pending = false
        nextPacket += 1
        let sent = avcodec_send_packet(codec, packet)
        av_packet_unref(packet)
        // Damaged data is skipped, the same way on every path; anything else is an error.
        if sent != MediaCheck.invalidData { try check(sent, "cannot decode packet \(nextPacket - 1)") }
    }

    /// Flushes the codec and moves the demuxer to packet `start` (-1: the start of the file), or a
    /// keyframe before it; `startedAt` says where decoding goes from.
    private func seek(to start: Int) throws(MediaError) {
        avcodec_flush_buffers(codec)
        dropPending()
        (startedAt, flushing, lastOutput) = (nil, false, -1)
        let target = max(start, 0)
        let keyframe = index.packets[target]
        // Demuxers index keyframes by presentation time (Matroska) or by a decode time shifted by
        // the largest composition offset (MP4/MOV), so the keyframe's presentation time is tried
        // first, then its decode time, which lands on it or before it.
        for time in [keyframe.time, keyframe.decodeTime] where time != MediaCheck.noTimestamp {
            try demuxer.seek(to: time)
            let landed = try readLanding(expected: target)
            if let landed, landed <= target, landed == 0 || index.packets[landed].isKeyframe {
                (nextPacket, startedAt) = (landed, landed == 0 ? -1 : landed)
                return
            }
            dropPending()
        }
        // The seeks went elsewhere: begin again from a freshly opened file.
        demuxer = try VideoDemuxer(file: demuxer.file, maxPixels: maxPixels)
        guard try readLanding(expected: 0) == 0 else {
            throw check.error("the file reads differently the second time")
        }
        (nextPacket, startedAt) = (0, -1)
    }

    private func dropPending() {
        if pending { av_packet_unref(packet) }
        pending = false
    }

    /// Reads the packet a seek landed on into `packet` (pending) and finds it in the index.
    private func readLanding(expected: Int) throws(MediaError) -> Int? {
        guard try demuxer.read(into: packet) else { return nil }
        pending = true
        return try? locate(packet, expected: expected)
    }

    /// Which packet of the index `packet` is.
    private func locate(_ packet: UnsafeMutablePointer<AVPacket>, expected: Int) throws(MediaError) -> Int {
        let p = packet.pointee
        let time = p.pts != MediaCheck.noTimestamp ? p.pts : p.dts
        guard let found = index.packet(time: time, decodeTime: p.dts, expected: expected) else {
            throw check.error("a packet (pts \(time)) that was not there when the file was indexed")
        }
        return found
    }

    /// The picture as RGBA, upright, at the clip's size (that of its first picture) divided by
    /// `reduction`, rounded up.
    private func convert(_ picture: UnsafeMutablePointer<AVFrame>, reduction: Int) throws(MediaError) -> Pixmap {
        try converter(for: picture, reduction: reduction).pixmap(from: picture, check: check)
    }

    /// The converter for pictures at `reduction`, made for the first one.
    private func converter(for picture: UnsafeMutablePointer<AVFrame>, reduction: Int) throws(MediaError) -> VideoConverter {
        if let converter = converters[reduction] { return converter }
        let base = baseSize ?? (Int(picture.pointee.width), Int(picture.pointee.height))
        if let problem = ImageDecoder.sizeProblem(width: base.width, height: base.height, maxPixels: maxPixels,
                                                  what: "the picture") {
            throw check.error(problem)
        }
        let (w, h) = ((base.width + reduction - 1) / reduction, (base.height + reduction - 1) / reduction)
        guard let made = VideoConverter(width: w, height: h, orientation: orientation, conversion: conversion) else {
            throw check.error("out of memory for \(w)×\(h) pictures")
        }
        baseSize = base
        converters[reduction] = made
        return made
    }
}
