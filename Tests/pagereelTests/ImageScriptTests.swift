import Foundation
import Testing
import PageReelTestSupport

/// What the container image script (`Scripts/image`) writes that can be checked without root: the
/// image configuration, and the layers and archive its writer (`Scripts/lib/oci-image.py`) makes
/// of a small tree, read back by GNU tar, sha256sum and gzip. Building the image itself and
/// using it in podman is `Scripts/image --check` (root).
@Suite struct ImageScriptTests {
    let scratch = ScratchDirectory()

    static let script = Repository.root() + "/Scripts/image"
    static let writer = Repository.root() + "/Scripts/lib/oci-image.py"
    /// 2023-11-14 22:13:20 UTC: earlier than any file the tests make.
    static let epoch = 1_700_000_000

    static func shell(_ command: String, in directory: String? = nil) throws -> String {
        let out = try Command.run("/bin/sh", ["-c", command], in: directory)
        guard out.status == 0 else { throw Command.Failure(description: "\(command): \(out.stderr)") }
        return out.text
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func imageConfig() throws -> [String: Any] {
        let out = try Command.run(script, ["--config"])
        guard out.status == 0 else { throw Command.Failure(description: "Scripts/image --config: \(out.stderr)") }
        return try json(out.stdout)
    }

    /// GNU tar's listing of a gzip-compressed tar: (type and mode, owner, time, name) per entry.
    static func listing(_ tarball: String) throws -> [(mode: String, owner: String, time: String, name: String)] {
        try shell("TZ=UTC tar --full-time --numeric-owner -tvzf '\(tarball)'")
            .split(separator: "\n").map { line in
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true).map(String.init)
                var name = fields[5]
                if name.hasSuffix("/") { name.removeLast() }
                return (fields[0], fields[1], fields[3] + " " + fields[4], name)
            }
    }

    /// A tree with a folder, files of two modes, a symlink, a hard link, a nested folder and a
    /// file older than the epoch.
    func makeTree() throws -> String {
        let parent = try scratch.directory("tree")
        _ = try Self.shell("""
            mkdir -p root/a root/f/g root/tmp root/dev && cd root &&
            printf 'first\\n' > a/b.txt && printf '#!/bin/sh\\necho hi\\n' > c && chmod 755 c &&
            ln -s a/b.txt d && ln c e && printf 'nested\\n' > f/g/h.txt && printf 'scratch' > tmp/x &&
            touch -d @1600000000 f/g/h.txt
            """, in: parent)
        return parent + "/root"
    }

    func layer(_ root: String, out: String, state: String, since: String? = nil) throws -> [String: Any] {
        let arguments = [Self.writer, "layer", root, "--epoch", String(Self.epoch), "--out", out, "--state", state]
            + (since.map { ["--since", $0] } ?? [])
        let result = try Command.run("/usr/bin/python3", arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try Self.json(result.stdout)
    }

    /// The configuration a user's `docker run` meets: user reel (1000:1000), pagereel as the
    /// entry point with its help as the default command, /work as working folder and volume, and
    /// the OCI labels, versioned as the binary and dated as CHANGELOG.md's release.
    @Test func theImageConfigurationRunsPagereelInWorkAsAUser() throws {
        let image = try Self.imageConfig()
        let config = try #require(image["config"] as? [String: Any])
        #expect(config["User"] as? String == "1000:1000")
        #expect(config["Entrypoint"] as? [String] == ["/usr/bin/pagereel"])
        #expect(config["Cmd"] as? [String] == ["--help"])
        #expect(config["WorkingDir"] as? String == "/work")
        #expect((config["Volumes"] as? [String: Any])?.keys.sorted() == ["/work"])
        #expect((config["Env"] as? [String])?.contains("LANG=C.UTF-8") == true)
        #expect((config["Env"] as? [String])?.contains { $0.hasPrefix("PATH=") && $0.contains("/usr/bin") } == true)
        #expect(image["os"] as? String == "linux")
        #expect(image["architecture"] as? String == "amd64" || image["architecture"] as? String == "arm64")

        let version = try CLI.run("--version").text.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "pagereel ", with: "")
        let labels = try #require(config["Labels"] as? [String: String])
        #expect(labels["org.opencontainers.image.version"] == version)
        #expect(labels["org.opencontainers.image.title"] == "pagereel")
        #expect(labels["org.opencontainers.image.licenses"] == "MIT AND GPL-3.0-or-later")
        #expect(labels["org.opencontainers.image.source"]?.hasPrefix("https://") == true)
        #expect(labels["org.opencontainers.image.description"]?.isEmpty == false)

        let changelog = try String(contentsOfFile: Repository.root() + "/CHANGELOG.md", encoding: .utf8)
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## [\(version)] - ") })
        let day = heading.dropFirst("## [\(version)] - ".count).prefix(10)
        #expect(image["created"] as? String == "\(day)T00:00:00Z")
        #expect(labels["org.opencontainers.image.created"] == "\(day)T00:00:00Z")
        #expect((image["history"] as? [Any])?.count == 2, "one history entry per layer")
        #expect(image["rootfs"] == nil, "the layers' diff_ids are the archive writer's")
    }

    @Test func anUnknownArgumentIsAUsageError() throws {
        let out = try Command.run(Self.script, ["--chek"])
        #expect(out.status == 64)
        #expect(out.stderr.contains("image: unknown argument '--chek'"), "\(out.stderr)")
    }

    /// A whole layer: every entry in sorted order (a folder before its contents), numeric owners,
    /// times clamped to the epoch (an older one kept), the hard link as a link, the symlink's
    /// target, and nothing inside tmp or dev; GNU tar unpacks it to the same tree. The same tree
    /// gives the same bytes, whenever its files were touched.
    @Test func aLayerIsTheSortedTreeWithClampedTimes() throws {
        let root = try makeTree()
        let folder = try scratch.directory()
        let made = try layer(root, out: folder + "/layer.tar.gz", state: folder + "/state.json")

        let entries = try Self.listing(folder + "/layer.tar.gz")
        #expect(entries.map(\.name) == ["a", "a/b.txt", "c", "d -> a/b.txt", "dev", "e link to c", "f", "f/g",
                                        "f/g/h.txt", "tmp"])
        let owner = try Self.shell("id -u").trimmingCharacters(in: .whitespacesAndNewlines) + "/"
            + Self.shell("id -g").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(entries.allSatisfy { $0.owner == owner }, "\(entries.map(\.owner))")
        let epochTime = "2023-11-14 22:13:20"
        #expect(entries.filter { $0.name != "f/g/h.txt" }.allSatisfy { $0.time == epochTime }, "\(entries.map(\.time))")
        #expect(entries.first { $0.name == "f/g/h.txt" }?.time == "2020-09-13 12:26:40")
        #expect(entries.first { $0.name == "c" }?.mode == "-rwxr-xr-x")
        #expect(entries.first { $0.name == "a/b.txt" }?.mode == "-rw-r--r--")
        #expect(entries.first { $0.name.hasPrefix("e ") }?.mode.hasPrefix("h") == true)

        let unpacked = folder + "/unpacked"
        try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
        _ = try Self.shell("tar -xzf layer.tar.gz -C unpacked", in: folder)
        #expect(try Self.shell("diff -r --no-dereference --exclude=tmp '\(root)' '\(unpacked)' && echo same") == "same\n")
        #expect(try Self.shell("stat -c %i unpacked/c unpacked/e | uniq | wc -l", in: folder) == "1\n")
        #expect(try Self.shell("readlink unpacked/d", in: folder) == "a/b.txt\n")

        // diff_id is the tar's digest, digest the gzip file's, as sha256sum computes them.
        let gzipDigest = try Self.shell("sha256sum layer.tar.gz | cut -c1-64", in: folder)
        let tarDigest = try Self.shell("gzip -dc layer.tar.gz | sha256sum | cut -c1-64", in: folder)
        #expect(made["digest"] as? String == "sha256:" + gzipDigest.dropLast())
        #expect(made["diff_id"] as? String == "sha256:" + tarDigest.dropLast())
        #expect(made["size"] as? Int == (try FileManager.default.attributesOfItem(atPath: folder + "/layer.tar.gz")[.size] as? Int))

        _ = try Self.shell("find . ! -name h.txt -exec touch -h {} +", in: root)
        let again = try layer(root, out: folder + "/again.tar.gz", state: folder + "/again.json")
        #expect(again["digest"] as? String == made["digest"] as? String)
        #expect(FileManager.default.contentsEqual(atPath: folder + "/layer.tar.gz", andPath: folder + "/again.tar.gz"))
    }

    /// Layers one.tar.gz of the tree and two.tar.gz of what `change` (a shell command run in the
    /// tree) did to it, in a new folder; returns the tree and the folder.
    func twoLayers(_ change: String) throws -> (root: String, folder: String) {
        let root = try makeTree()
        let folder = try scratch.directory()
        _ = try layer(root, out: folder + "/one.tar.gz", state: folder + "/one.json")
        _ = try Self.shell(change, in: root)
        _ = try layer(root, out: folder + "/two.tar.gz", state: folder + "/two.json", since: folder + "/one.json")
        return (root, folder)
    }

    /// A layer on top of another holds what changed or is new with its parent folders, and a
    /// whiteout for what was removed (one for a removed folder, none for its contents).
    @Test func aLaterLayerHoldsChangesAndWhiteouts() throws {
        let (root, folder) = try twoLayers("printf 'second\\n' > a/b.txt && rm -r f && printf 'new\\n' > n.txt")

        let entries = try Self.listing(folder + "/two.tar.gz")
        #expect(entries.map(\.name) == [".wh.f", "a", "a/b.txt", "n.txt"])
        #expect(try Self.shell("tar -xOzf two.tar.gz a/b.txt", in: folder) == "second\n")

        // Nothing changed: an empty layer.
        _ = try layer(root, out: folder + "/three.tar.gz", state: folder + "/three.json", since: folder + "/two.json")
        #expect(try Self.shell("tar -tzf three.tar.gz", in: folder).isEmpty)
    }

    /// The archive `docker load` and `podman load` read: an OCI layout whose blobs are named by
    /// their sha256, an index naming each tag, a manifest of the config and layers, a config whose
    /// diff_ids are the layers' uncompressed digests, and Docker's manifest.json; the same bytes
    /// twice.
    @Test func theArchiveIsAnOCILayoutWithDockersManifest() throws {
        let (_, folder) = try twoLayers("printf 'new\\n' > n.txt")
        let configuration = try Self.imageConfig()
        try JSONSerialization.data(withJSONObject: configuration).write(to: URL(fileURLWithPath: folder + "/config.json"))

        func archive(_ out: String) throws {
            let result = try Command.run("/usr/bin/python3", [
                Self.writer, "archive", "--config", folder + "/config.json", "--layer", folder + "/one.tar.gz",
                "--layer", folder + "/two.tar.gz", "--tag", "pagereel:1.2.3", "--tag", "pagereel:latest",
                "--epoch", String(Self.epoch), "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
        }
        try archive(folder + "/image.tar")
        try archive(folder + "/again.tar")
        #expect(FileManager.default.contentsEqual(atPath: folder + "/image.tar", andPath: folder + "/again.tar"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/image.tar.part"))

        let layout = folder + "/layout"
        try FileManager.default.createDirectory(atPath: layout, withIntermediateDirectories: true)
        _ = try Self.shell("tar -xf image.tar -C layout", in: folder)
        #expect(try Self.shell("tar -tf image.tar | grep -v '^blobs/'", in: folder)
                == "index.json\nmanifest.json\noci-layout\n")
        let blobs = try FileManager.default.contentsOfDirectory(atPath: layout + "/blobs/sha256").sorted()
        #expect(blobs.count == 4, "two layers, the config and the manifest")
        for blob in blobs {
            #expect(try Self.shell("sha256sum blobs/sha256/\(blob) | cut -c1-64", in: layout) == blob + "\n")
        }
        func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: layout + "/" + path)) }
        func blob(_ digest: String?) throws -> Data { try read("blobs/sha256/" + (digest ?? "").replacingOccurrences(of: "sha256:", with: "")) }

        #expect(try Self.json(read("oci-layout"))["imageLayoutVersion"] as? String == "1.0.0")
        let index = try Self.json(read("index.json"))
        let manifests = try #require(index["manifests"] as? [[String: Any]])
        #expect(manifests.compactMap { ($0["annotations"] as? [String: String])?["io.containerd.image.name"] }
                == ["pagereel:1.2.3", "pagereel:latest"])
        #expect(manifests.compactMap { ($0["annotations"] as? [String: String])?["org.opencontainers.image.ref.name"] }
                == ["1.2.3", "latest"])
        #expect((manifests.first?["platform"] as? [String: String])?["os"] == "linux")
        let manifestData = try blob(manifests.first?["digest"] as? String)
        #expect(manifests.first?["size"] as? Int == manifestData.count)
        let manifest = try Self.json(manifestData)
        #expect(manifest["mediaType"] as? String == "application/vnd.oci.image.manifest.v1+json")
        let layers = try #require(manifest["layers"] as? [[String: Any]])
        #expect(layers.map { $0["mediaType"] as? String } == Array(repeating: "application/vnd.oci.image.layer.v1.tar+gzip", count: 2))
        for (layer, file) in zip(layers, ["one.tar.gz", "two.tar.gz"]) {
            #expect(try blob(layer["digest"] as? String) == Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
        }

        let configEntry = try #require(manifest["config"] as? [String: Any])
        let config = try Self.json(blob(configEntry["digest"] as? String))
        let diffIDs = try ["one.tar.gz", "two.tar.gz"].map {
            "sha256:" + (try Self.shell("gzip -dc \($0) | sha256sum | cut -c1-64", in: folder)).dropLast()
        }
        #expect((config["rootfs"] as? [String: Any])?["diff_ids"] as? [String] == diffIDs)
        #expect((config["config"] as? [String: Any])?["User"] as? String == "1000:1000")
        #expect(NSDictionary(dictionary: config["config"] as? [String: Any] ?? [:])
                    .isEqual(to: configuration["config"] as? [String: Any] ?? ["": ""]))

        let docker = try #require(try JSONSerialization.jsonObject(with: read("manifest.json")) as? [[String: Any]])
        #expect(docker.count == 1)
        #expect(docker.first?["RepoTags"] as? [String] == ["pagereel:1.2.3", "pagereel:latest"])
        #expect(docker.first?["Config"] as? String == "blobs/sha256/" + (configEntry["digest"] as? String ?? "").dropFirst(7))
        #expect(docker.first?["Layers"] as? [String] == layers.map { "blobs/sha256/" + ($0["digest"] as? String ?? "").dropFirst(7) })

        // Every member of the archive is dated at the epoch and owned by root.
        let times = try Self.shell("TZ=UTC tar --full-time --numeric-owner -tvf image.tar | awk '{print $2, $4, $5}' | sort -u", in: folder)
        #expect(times == "0/0 2023-11-14 22:13:20\n")
    }
}
