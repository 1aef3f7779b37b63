# Scripts/image --check (sourced, bash): loads the image archive into podman and uses it as a user
# would, on a folder mounted at /work, without network, as the image's own user.
#
# podman keeps everything of the check in a folder of its own (storage, run state, settings),
# removed at the end. These sandboxes have hybrid cgroups and no CAP_SYS_RESOURCE, so the check
# runs podman with runc, no default ulimits and cgroupfs; an ordinary machine needs none of that.

check_image() {  # ARCHIVE
  local archive=$1
  [ -f "$archive" ] || { echo "image: $archive: file not found" >&2; exit 66; }
  need podman runc ffmpeg webp python3
  check_started=$SECONDS

  local work image version size out user entrypoint workdir volumes labels code
  new_temp pagereel-image-check
  work=$made
  printf '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\n' > "$work/containers.conf"
  pm() {
    CONTAINERS_CONF=$work/containers.conf podman --root "$work/storage" --runroot "$work/run" --runtime runc "$@"
  }
  # Containers and layers mounted under the check's folder go before it is removed.
  on_exit+=("pm rm -a -f; pm rmi -a -f; pm system reset -f")

  check_step="the archive's size"
  size=$(stat -c %s "$archive")
  echo "archive: $archive, $(numfmt --to=iec-i --suffix=B "$size")"
  [ "$size" -le "$max_size" ] || { echo "larger than 300 MiB"; exit 1; }

  check_step="podman load -i $archive"
  pm load -q -i "$archive" > "$work/load.txt"
  image=$(sed -n 's/^Loaded image[^:]*: *//p' "$work/load.txt" | grep -v ':latest$' | head -n 1)
  [ -n "$image" ] || { cat "$work/load.txt"; echo "podman named no image"; exit 1; }
  version=${image##*:}
  echo "loaded: $(tr '\n' ' ' < "$work/load.txt")"

  check_step="the image's configuration"
  # shellcheck disable=SC2016 # Go templates, not the shell's
  read -r user entrypoint workdir volumes < <(pm image inspect \
    --format '{{.Config.User}} {{json .Config.Entrypoint}} {{.Config.WorkingDir}} {{json .Config.Volumes}}' "$image")
  echo "user $user, entry point $entrypoint, working folder $workdir, volumes $volumes"
  [ "$user" = "$user_id:$user_id" ] && [ "$entrypoint" = '["/usr/bin/pagereel"]' ] && [ "$workdir" = /work ] &&
    [ "$volumes" = '{"/work":{}}' ] || exit 1
  labels=$(pm image inspect --format '{{json .Config.Labels}}' "$image")
  python3 - "$labels" "$version" <<'EOF'
import json, sys
labels, version = json.loads(sys.argv[1]), sys.argv[2]
for key in ("version", "source", "licenses", "created", "title"):
    assert labels.get("org.opencontainers.image." + key), f"no label org.opencontainers.image.{key}"
assert labels["org.opencontainers.image.version"] == version, labels
print("labels: " + ", ".join(f"{k.rsplit('.', 1)[1]}={v}" for k, v in sorted(labels.items())
                             if k.rsplit(".", 1)[1] in ("version", "licenses", "source")))
EOF

  # The user's project folder, owned by a host user with the image user's id (the first user of
  # a Linux machine; Docker Desktop, OrbStack and colima map any id to the Mac's user).
  # The check's folder is the host user's home: they can go through it (but not list it).
  local project=$work/project
  chmod 711 "$work"
  install -d -o "$user_id" -g "$user_id" "$project"
  run() { pm run --rm --network none -v "$project":/work "$image" "$@"; }

  check_step="pagereel --version"
  out=$(run --version)
  echo "$out"
  [ "$out" = "pagereel $version" ] || exit 1

  check_step="pagereel with no arguments (its help)"
  run > "$work/help.txt"
  grep -q "USAGE: pagereel" "$work/help.txt" || { head -n 5 "$work/help.txt"; exit 1; }

  check_step="pagereel init demo"
  run init demo > /dev/null
  [ -s "$project/demo/deck.json" ] || exit 1

  check_step="pagereel export to MP4 and GIF"
  run export demo/deck.json --progress none -o demo.mp4 -o demo.gif
  probe_video "$project/demo.mp4" h264
  probe_video "$project/demo.gif" gif

  check_step="files owned by the host user and readable by them"
  local file owner
  for file in demo/deck.json demo.mp4 demo.gif; do
    owner=$(stat -c %u:%g "$project/$file")
    [ "$owner" = "$user_id:$user_id" ] || { echo "$file is owned by $owner"; exit 1; }
    setpriv --reuid "$user_id" --regid "$user_id" --clear-groups head -c 1 "$project/$file" > /dev/null
  done
  echo "files owned by $user_id:$user_id, readable by that user on the host"

  check_step="an international deck (Arabic, Hebrew, Japanese, Devanagari, Thai, Chinese, Korean, emoji)"
  cp Samples/international/deck.json "$project/international.json"
  run validate international.json > "$work/validate.txt" 2>&1 || { cat "$work/validate.txt"; exit 1; }
  if grep -q "no installed font" "$work/validate.txt"; then
    cat "$work/validate.txt"
    echo "the image lacks a font for some of the text"
    exit 1
  fi
  run export international.json --progress none -o international.mp4 -o international.webp
  probe_video "$project/international.mp4" h264
  probe_video "$project/international.webp" webp
  # The image's font cache is valid for its folders: rendering writes nothing outside /work.
  pm run --name pagereel-still --network none -v "$project":/work "$image" still international.json \
    --time 5.5 -o still.png > /dev/null
  pm diff pagereel-still > "$work/diff.txt"
  pm rm pagereel-still > /dev/null
  if grep -v '^C /etc$' "$work/diff.txt" | grep -q .; then
    cat "$work/diff.txt"
    echo "rendering changed the image's files (a stale font cache?)"
    exit 1
  fi
  for lang in ar he ja zh-cn ko hi th; do
    pm run --rm --network none --entrypoint fc-list "$image" ":lang=$lang" family | grep -q . ||
      { echo "no font for $lang"; exit 1; }
  done
  pm run --rm --network none --entrypoint fc-list "$image" ':charset=1f600' family | grep -q "Noto Color Emoji" ||
    { echo "no colour emoji font"; exit 1; }
  echo "fonts for ar he ja zh-cn ko hi th and colour emoji; rendering wrote nothing outside /work"

  check_step="another host user (--user with a folder of theirs) and a read-only root"
  local other=$work/other
  install -d -o 1234 -g 1234 "$other"
  cp Samples/international/deck.json "$other/deck.json"
  pm run --rm --network none --read-only --user 1234:1234 -v "$other":/work "$image" \
    export deck.json --progress none -o demo.gif
  probe_video "$other/demo.gif" gif
  owner=$(stat -c %u:%g "$other/demo.gif")
  [ "$owner" = 1234:1234 ] || { echo "demo.gif is owned by $owner"; exit 1; }

  check_step="the GitHub Action's script with 'image:' (the archive, podman as the engine)"
  local workspace=$work/workspace archive_path
  archive_path=$(realpath "$archive")
  mkdir -p "$workspace/site"
  cp -r "$project/demo" "$workspace/site/demo"
  printf '#!/bin/sh\nCONTAINERS_CONF=%q exec podman --root %q --runroot %q --runtime runc "$@"\n' \
    "$work/containers.conf" "$work/storage" "$work/run" > "$work/engine"
  chmod 755 "$work/engine"
  (cd "$workspace/site" && GITHUB_WORKSPACE=$workspace GITHUB_OUTPUT=$work/action-output.txt \
    CONTAINER_ENGINE=$work/engine INPUT_DECK=demo/deck.json INPUT_OUTPUTS="out/demo.mp4 $workspace/demo.gif" \
    INPUT_ARGS="--size 640x360" INPUT_IMAGE=$archive_path "$root/Scripts/ci-action") > "$work/action.txt" 2>&1 ||
    { cat "$work/action.txt"; exit 1; }
  grep -q "^summary={" "$work/action-output.txt" || { cat "$work/action.txt"; exit 1; }
  probe_video "$workspace/site/out/demo.mp4" h264
  probe_video "$workspace/demo.gif" gif

  check_step="pagereel studio, as README runs it (-p 7300:7300, --host 0.0.0.0 --port 7300)"
  local port line
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  pm run -d --name pagereel-studio -p "127.0.0.1:$port:7300" -v "$project":/work "$image" \
    studio demo/deck.json --host 0.0.0.0 --port 7300 > /dev/null
  line=
  for _ in $(seq 100); do
    line=$(pm logs pagereel-studio 2>/dev/null | grep -m 1 '^Studio: ' || true)
    [ -n "$line" ] && break
    sleep 0.1
  done
  echo "$line"
  [[ $line =~ ^Studio:\ http://127\.0\.0\.1:7300/\?token=([0-9a-f]{32})$ ]] || { pm logs pagereel-studio; exit 1; }
  python3 - "$port" "${BASH_REMATCH[1]}" <<'PY'
import json, sys, time, urllib.error, urllib.request
port, token = sys.argv[1], sys.argv[2]
base = f"http://127.0.0.1:{port}"
def get(path):
    for attempt in range(50):
        try:
            with urllib.request.urlopen(base + path, timeout=30) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()
        except (ConnectionError, urllib.error.URLError):
            time.sleep(0.1)
    raise SystemExit(f"{base}{path}: no answer")
status, page = get(f"/?token={token}")
assert status == 200 and b"window.studio" in page, status
deck = json.loads(get(f"/deck?token={token}")[1])
assert deck["frames"] > 0 and deck["errors"] == [], deck
status, png = get(f"/frame/{deck['frames'] // 2}.png?width=360&token={token}")
assert status == 200 and png[:8] == b"\x89PNG\r\n\x1a\n", status
assert get("/deck")[0] == 403, "the studio answered without its token"
print(f"studio in the container: the page, /deck ({deck['frames']} frames, {deck['width']}x{deck['height']}), "
      f"a PNG of {len(png)} bytes, 403 without the token, through -p {port}:7300")
PY
  pm stop -t 20 pagereel-studio > /dev/null
  code=$(pm wait pagereel-studio)
  pm rm pagereel-studio > /dev/null
  [ "$code" = 143 ] || { echo "studio: exit $code, not 143 (SIGTERM)"; exit 1; }

  check_step="SIGTERM from podman stop while exporting"
  pm run -d --name pagereel-stop --network none -v "$project":/work "$image" \
    export demo/deck.json --size 1920x1080 --fps 60 --progress none -o stopped.mp4 > /dev/null
  sleep 2
  pm stop -t 20 pagereel-stop > /dev/null
  code=$(pm wait pagereel-stop)
  pm rm pagereel-stop > /dev/null
  [ "$code" = 143 ] || { echo "exit $code, not 143 (SIGTERM)"; exit 1; }
  [ ! -e "$project/stopped.mp4" ] || { echo "stopped.mp4 was left behind"; exit 1; }
  echo "podman stop: exit 143, no partial output"

  check_step=""
  echo "PASS: $(basename "$archive") loads into podman, exports MP4, GIF and WebP on a mounted folder and serves the studio as" \
    "user $user (check: $(( SECONDS - check_started )) s)"
}

probe_video() {  # FILE CODEC
  local codec frames
  if [ "$2" = webp ]; then
    # FFmpeg 5.1 decodes no animated WebP; libwebp's own tool reads it.
    webpinfo -quiet "$1" || { echo "$1 is not valid WebP"; exit 1; }
    codec=webp
    frames=$(webpmux -info "$1" | sed -n 's/^Number of frames: *//p')
  else
    codec=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name -of csv=p=0 "$1" || true)
    frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 \
      "$1" || true)
    ffmpeg -nostdin -v error -xerror -i "$1" -f null - || { echo "$1 does not decode"; exit 1; }
  fi
  echo "$(basename "$1"): $codec, $frames frames"
  [ "$codec" = "$2" ] && [ "${frames:-0}" -gt 0 ] || exit 1
}
