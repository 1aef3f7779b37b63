#!/usr/bin/env python3
"""Writes a reproducible OCI image archive from a root file system, for Scripts/image.

    oci-image.py layer ROOT --epoch N --out LAYER.tar.gz --state STATE.json [--since OLD.json]
        One gzip-compressed layer of ROOT: the whole tree, or with --since only what changed
        since the state OLD.json recorded (changed and new entries with their parent folders, and
        a whiteout for each removed one). Writes ROOT's state to STATE.json for a later layer and
        prints the layer's digests as JSON.

    oci-image.py archive --config CONFIG.json --layer L1.tar.gz [--layer L2 …] --tag NAME:TAG
                         [--tag …] --epoch N --out IMAGE.tar
        The OCI image layout as one tar (oci-layout, index.json, blobs/sha256/…), with Docker's
        manifest.json beside it so that `docker load` of any Docker version and `podman load`
        both read it. CONFIG.json is the image configuration without its rootfs, which is
        computed from the layers.

Reproducible: entries are sorted by path, owners are numeric without names, every time is
clamped to the epoch (SOURCE_DATE_EPOCH), gzip carries no name or time, JSON is written with
sorted keys. The contents of dev, proc, sys, run, tmp and var/tmp are left out (a runtime mounts
its own); their folders are kept.
"""

import argparse
import gzip
import hashlib
import io
import json
import os
import stat
import sys
import tarfile

EMPTIED = {b"dev", b"proc", b"sys", b"run", b"tmp", b"var/tmp"}
LAYER_TYPE = "application/vnd.oci.image.layer.v1.tar+gzip"
CONFIG_TYPE = "application/vnd.oci.image.config.v1+json"
MANIFEST_TYPE = "application/vnd.oci.image.manifest.v1+json"
INDEX_TYPE = "application/vnd.oci.image.index.v1+json"
CHUNK = 1 << 20


def walk(root):
    """Every path under root (relative, as bytes) in sorted order, a folder before its contents."""
    def visit(relative):
        full = os.path.join(root, relative) if relative else root
        for name in sorted(os.listdir(full)):
            path = os.path.join(relative, name) if relative else name
            yield path
            info = os.lstat(os.path.join(root, path))
            if stat.S_ISDIR(info.st_mode) and path not in EMPTIED:
                yield from visit(path)
    yield from visit(b"")


def file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def describe(root, path, epoch):
    """What a layer records of one entry: the state compared between layers."""
    info = os.lstat(os.path.join(root, path))
    mode = info.st_mode
    entry = {"mode": stat.S_IMODE(mode), "uid": info.st_uid, "gid": info.st_gid,
             "mtime": min(int(info.st_mtime), epoch)}
    if stat.S_ISDIR(mode):
        entry["type"] = "dir"
    elif stat.S_ISLNK(mode):
        entry["type"] = "symlink"
        entry["target"] = os.fsdecode(os.readlink(os.path.join(root, path)))
    elif stat.S_ISREG(mode):
        entry["type"] = "file"
        entry["size"] = info.st_size
        entry["sha256"] = file_digest(os.path.join(root, path))
    elif stat.S_ISFIFO(mode):
        entry["type"] = "fifo"
    else:
        raise SystemExit(f"oci-image: {os.fsdecode(path)}: a device or socket cannot go in a layer")
    return entry, (info.st_dev, info.st_ino) if info.st_nlink > 1 and stat.S_ISREG(mode) else None


class HashingWriter(io.RawIOBase):
    """Passes bytes on to a file object, counting and hashing them."""

    def __init__(self, target):
        self.target = target
        self.digest = hashlib.sha256()
        self.size = 0

    def writable(self):
        return True

    def write(self, data):
        self.digest.update(data)
        self.size += len(data)
        self.target.write(data)
        return len(data)


def tar_info(name, entry):
    info = tarfile.TarInfo(name)
    info.mode = entry["mode"]
    info.uid, info.gid = entry["uid"], entry["gid"]
    info.uname = info.gname = ""
    info.mtime = entry["mtime"]
    return info


def write_layer(root, epoch, out, old_state):
    """Writes the layer; returns (state, diff_id, digest, size)."""
    paths = list(walk(root))
    state = {}
    links = {}
    for path in paths:
        entry, inode = describe(root, path, epoch)
        if inode is not None:
            entry["inode"] = inode
        state[os.fsdecode(path)] = entry

    if old_state is None:
        chosen = list(state)
        whiteouts = []
    else:
        changed = set()
        for name, entry in state.items():
            old = old_state.get(name)
            if old is None or {k: v for k, v in old.items() if k != "inode"} != \
                    {k: v for k, v in entry.items() if k != "inode"}:
                changed.add(name)
                parent = os.path.dirname(name)
                while parent:
                    changed.add(parent)
                    parent = os.path.dirname(parent)
        removed = [name for name in old_state if name not in state]
        removed_set = set(removed)
        # A removed folder's own whiteout covers its contents.
        whiteouts = [name for name in removed if os.path.dirname(name) not in removed_set]
        for name in whiteouts:
            parent = os.path.dirname(name)
            while parent:
                changed.add(parent)
                parent = os.path.dirname(parent)
        chosen = sorted(changed, key=lambda n: n.split("/"))

    records = [(name, False) for name in chosen] + \
        [(os.path.join(os.path.dirname(name), ".wh." + os.path.basename(name)), True) for name in whiteouts]
    records.sort(key=lambda record: record[0].split("/"))

    with open(out, "wb") as raw:
        compressed = HashingWriter(raw)
        with gzip.GzipFile(filename="", mode="wb", fileobj=compressed, mtime=0, compresslevel=9) as gz:
            plain = HashingWriter(gz)
            with tarfile.open(fileobj=plain, mode="w|", format=tarfile.PAX_FORMAT,
                              encoding="utf-8", errors="surrogateescape") as tar:
                for name, whiteout in records:
                    if whiteout:
                        info = tarfile.TarInfo(name)
                        info.mode, info.mtime, info.uname, info.gname = 0o644, epoch, "", ""
                        tar.addfile(info)
                        continue
                    entry = state[name]
                    info = tar_info(name, entry)
                    kind = entry["type"]
                    if kind == "dir":
                        info.type = tarfile.DIRTYPE
                        tar.addfile(info)
                    elif kind == "symlink":
                        info.type = tarfile.SYMTYPE
                        info.linkname = entry["target"]
                        tar.addfile(info)
                    elif kind == "fifo":
                        info.type = tarfile.FIFOTYPE
                        tar.addfile(info)
                    elif "inode" in entry and tuple(entry["inode"]) in links:
                        info.type = tarfile.LNKTYPE
                        info.linkname = links[tuple(entry["inode"])]
                        tar.addfile(info)
                    else:
                        if "inode" in entry:
                            links[tuple(entry["inode"])] = name
                        info.size = entry["size"]
                        with open(os.path.join(root, os.fsencode(name)), "rb") as f:
                            tar.addfile(info, f)
            plain.flush()
    for entry in state.values():
        entry.pop("inode", None)
    return state, "sha256:" + plain.digest.hexdigest(), "sha256:" + compressed.digest.hexdigest(), \
        compressed.size, plain.size


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def layer_command(args):
    old = None
    if args.since:
        with open(args.since, encoding="utf-8") as f:
            old = json.load(f)
    state, diff_id, digest, size, plain_size = write_layer(os.fsencode(args.root), args.epoch, args.out, old)
    with open(args.state, "w", encoding="utf-8") as f:
        json.dump(state, f, sort_keys=True)
    json.dump({"diff_id": diff_id, "digest": digest, "size": size, "uncompressed": plain_size,
               "entries": len(state)}, sys.stdout)
    print()


def gunzipped_digest(path):
    digest = hashlib.sha256()
    with gzip.open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            digest.update(chunk)
    return "sha256:" + digest.hexdigest()


def archive_command(args):
    with open(args.config, encoding="utf-8") as f:
        config = json.load(f)
    layers = []
    for path in args.layer:
        layers.append({"path": path, "digest": "sha256:" + file_digest(path), "size": os.path.getsize(path),
                       "diff_id": gunzipped_digest(path)})
    config["rootfs"] = {"type": "layers", "diff_ids": [layer["diff_id"] for layer in layers]}
    config_bytes = canonical(config)
    config_digest = "sha256:" + hashlib.sha256(config_bytes).hexdigest()
    labels = config.get("config", {}).get("Labels", {})
    manifest = {
        "schemaVersion": 2,
        "mediaType": MANIFEST_TYPE,
        "config": {"mediaType": CONFIG_TYPE, "digest": config_digest, "size": len(config_bytes)},
        "layers": [{"mediaType": LAYER_TYPE, "digest": layer["digest"], "size": layer["size"]} for layer in layers],
        "annotations": {key: value for key, value in labels.items() if key.startswith("org.opencontainers.image.")},
    }
    manifest_bytes = canonical(manifest)
    manifest_digest = "sha256:" + hashlib.sha256(manifest_bytes).hexdigest()
    platform = {"architecture": config["architecture"], "os": config["os"]}
    if "variant" in config:
        platform["variant"] = config["variant"]
    index = {
        "schemaVersion": 2,
        "mediaType": INDEX_TYPE,
        "manifests": [{
            "mediaType": MANIFEST_TYPE, "digest": manifest_digest, "size": len(manifest_bytes),
            "platform": platform,
            # The name as given: Docker and podman complete a short one themselves.
            "annotations": {"io.containerd.image.name": tag,
                            "org.opencontainers.image.ref.name": tag.rsplit(":", 1)[1]},
        } for tag in args.tag],
    }
    docker_manifest = [{
        "Config": "blobs/sha256/" + config_digest.split(":")[1],
        "RepoTags": args.tag,
        "Layers": ["blobs/sha256/" + layer["digest"].split(":")[1] for layer in layers],
    }]

    def member(tar, name, data=None, path=None, directory=False):
        info = tarfile.TarInfo(name)
        info.mtime, info.uid, info.gid, info.uname, info.gname = args.epoch, 0, 0, "", ""
        if directory:
            info.type, info.mode = tarfile.DIRTYPE, 0o755
            tar.addfile(info)
        elif path is not None:
            info.mode, info.size = 0o644, os.path.getsize(path)
            with open(path, "rb") as f:
                tar.addfile(info, f)
        else:
            info.mode, info.size = 0o644, len(data)
            tar.addfile(info, io.BytesIO(data))

    blobs = [(layer["digest"], None, layer["path"]) for layer in layers] + \
        [(config_digest, config_bytes, None), (manifest_digest, manifest_bytes, None)]
    temporary = args.out + ".part"
    with tarfile.open(temporary, "w", format=tarfile.PAX_FORMAT) as tar:
        member(tar, "blobs", directory=True)
        member(tar, "blobs/sha256", directory=True)
        seen = set()
        for digest, data, path in sorted(blobs, key=lambda blob: blob[0]):
            if digest in seen:
                continue
            seen.add(digest)
            member(tar, "blobs/sha256/" + digest.split(":")[1], data=data, path=path)
        member(tar, "index.json", data=canonical(index))
        member(tar, "manifest.json", data=canonical(docker_manifest))
        member(tar, "oci-layout", data=canonical({"imageLayoutVersion": "1.0.0"}))
    os.replace(temporary, args.out)
    json.dump({"config": config_digest, "manifest": manifest_digest,
               "layers": [{key: layer[key] for key in ("digest", "diff_id", "size")} for layer in layers]},
              sys.stdout)
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    layer = commands.add_parser("layer")
    layer.add_argument("root")
    layer.add_argument("--epoch", type=int, required=True)
    layer.add_argument("--out", required=True)
    layer.add_argument("--state", required=True)
    layer.add_argument("--since")
    layer.set_defaults(run=layer_command)
    archive = commands.add_parser("archive")
    archive.add_argument("--config", required=True)
    archive.add_argument("--layer", action="append", required=True)
    archive.add_argument("--tag", action="append", required=True)
    archive.add_argument("--epoch", type=int, required=True)
    archive.add_argument("--out", required=True)
    archive.set_defaults(run=archive_command)
    args = parser.parse_args()
    for tag in getattr(args, "tag", None) or []:
        if ":" not in tag.rsplit("/", 1)[-1]:
            parser.error(f"--tag {tag}: give NAME:TAG")
    args.run(args)


if __name__ == "__main__":
    main()
