# Shared by Scripts/package and Scripts/image (sourced, bash): installing the tools they need,
# temporary folders and mounts removed on any exit, and a minimal Debian 12 root made once with
# debootstrap from the Debian mirror this machine's apt uses (or DEBIAN_MIRROR).
#
# The sourcing script sets: me (its name, for messages), suite (bookworm); it may set check_step
# (what it is doing, printed in a FAIL line if it stops) and check_started (SECONDS at the start).

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

# Installs Debian packages that are missing, as Scripts/setup does.
need() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "$me: installing ${missing[*]}" >&2
  if [ ${#sudo[@]} -gt 0 ] && ! command -v sudo >/dev/null; then
    echo "$me: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Temporary folders, removed on any exit; mount points are unmounted first; `on_exit` commands
# run before both.
temps=()
mounts=()
on_exit=()
check_step=""
check_started=0
cleanup() {
  local status=$? i
  trap '' INT TERM HUP
  if [ -n "$check_step" ] && [ "$status" -ne 0 ]; then
    echo "FAIL: $check_step (exit $status, after $(( SECONDS - check_started )) s)"
  fi
  for (( i=${#on_exit[@]}-1; i>=0; i-- )); do
    eval "${on_exit[i]}" >/dev/null 2>&1 || true
  done
  for (( i=${#mounts[@]}-1; i>=0; i-- )); do
    umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}" 2>/dev/null || true
  done
  for t in "${temps[@]}"; do
    # Never follow a mount that is still there into the host's files.
    if grep -qF " $t/" /proc/mounts 2>/dev/null; then
      echo "$me: left $t in place: something is still mounted in it" >&2
      continue
    fi
    rm -rf --one-file-system "$t"
  done
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

new_temp() {  # PREFIX: sets $made to a new folder, removed on exit
  made=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  temps+=("$made")
}

# The Debian mirror this machine's apt uses for SUITE, from deb822 .sources or one-line .list files.
mirror_for() {  # SUITE
  local deb822=() lists=() f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*; do
    [ -f "$f" ] || continue
    case $f in
      *.sources) deb822+=("$f") ;;
      */sources.list|*.list) lists+=("$f") ;;
    esac
  done
  {
    [ ${#deb822[@]} -eq 0 ] || awk -v suite="$1" 'BEGIN { RS = "" }
      { n = split($0, lines, "\n"); uri = ""; deb = 0; found = 0; enabled = 1
        for (i = 1; i <= n; i++) {
          m = split(lines[i], w, /[ \t]+/)
          if (w[1] == "Types:") for (j = 2; j <= m; j++) if (w[j] == "deb") deb = 1
          if (w[1] == "URIs:") uri = w[2]
          if (w[1] == "Suites:") for (j = 2; j <= m; j++) if (w[j] == suite) found = 1
          if (w[1] == "Enabled:" && w[2] == "no") enabled = 0
        }
        if (deb && found && enabled && uri != "") print uri }' "${deb822[@]}"
    [ ${#lists[@]} -eq 0 ] || grep -h -E '^deb[[:space:]]' "${lists[@]}" |
      sed -E 's/\[[^]]*\][[:space:]]*//' | awk -v suite="$1" '$3 == suite { print $2 }' || true
  } | head -n 1
}

# The Debian mirror to build from: DEBIAN_MIRROR, else the one this machine's apt uses. The
# scripts name no archive themselves; without either they stop and ask for DEBIAN_MIRROR.
debian_mirror() {  # sets $mirror
  mirror=${DEBIAN_MIRROR:-$(mirror_for "$suite")}
  [ -n "$mirror" ] || {
    echo "$me: no Debian mirror for $suite in this machine's apt sources; set DEBIAN_MIRROR (e.g. the mirror your apt uses)" >&2
    exit 1
  }
}

# A minimal Debian 12 root, made once and kept as a tarball.
cached_root() {  # sets $tarball
  local cache=${XDG_CACHE_HOME:-$HOME/.cache}/pagereel fresh mirror
  tarball=$cache/$suite-minbase.tar.gz
  if [ ! -s "$tarball" ]; then
    debian_mirror
    echo "$me: making a minimal Debian root with debootstrap from $mirror (once; cached in $tarball)" >&2
    mkdir -p "$cache"
    new_temp pagereel-debootstrap
    fresh=$made
    debootstrap --variant=minbase "$suite" "$fresh/root" "$mirror" > "$fresh/debootstrap.log" 2>&1 || {
      tail -n 20 "$fresh/debootstrap.log" >&2
      echo "$me: debootstrap failed (log above)" >&2
      exit 1
    }
    chroot "$fresh/root" apt-get clean
    tar --numeric-owner -C "$fresh/root" -czf "$tarball.tmp" .
    mv -f "$tarball.tmp" "$tarball"
    rm -rf --one-file-system "$fresh/root"
  fi
}

# A fresh copy of the cached root in ROOT (an empty folder), with /proc and the few devices apt
# and pagereel open mounted (unmounted on exit), and apt pointed at the release, its updates and
# its security updates on this machine's mirror.
fresh_root() {  # ROOT
  local r=$1 name mirror security
  cached_root
  tar --numeric-owner -C "$r" -xzf "$tarball"
  # What a statically linked Swift binary needs from the kernel (it reads its arguments from
  # /proc/self/cmdline), and the few devices apt and pagereel open.
  mount -t proc proc "$r/proc"
  mounts+=("$r/proc")
  mount -t tmpfs -o mode=0755,nosuid,size=1m dev "$r/dev"
  mounts+=("$r/dev")
  for name in null zero full random urandom; do
    touch "$r/dev/$name"
    mount --bind "/dev/$name" "$r/dev/$name"
    mounts+=("$r/dev/$name")
  done
  ln -s /proc/self/fd "$r/dev/fd"
  ln -s /proc/self/fd/0 "$r/dev/stdin"
  ln -s /proc/self/fd/1 "$r/dev/stdout"
  ln -s /proc/self/fd/2 "$r/dev/stderr"

  debian_mirror
  security=$(mirror_for "$suite-security")
  {
    echo "deb $mirror $suite main"
    echo "deb $mirror $suite-updates main"
    [ -z "$security" ] || echo "deb $security $suite-security main"
  } > "$r/etc/apt/sources.list"
  cp -L /etc/resolv.conf "$r/etc/resolv.conf"
}

# Unmounts what fresh_root mounted in ROOT (before its files are read into an image).
unmount_root() {  # ROOT
  local r=$1 i kept=()
  for (( i=${#mounts[@]}-1; i>=0; i-- )); do
    case ${mounts[i]} in
      "$r"/*) umount "${mounts[i]}" ;;
    esac
  done
  for i in "${mounts[@]}"; do
    case $i in "$r"/*) ;; *) kept+=("$i") ;; esac
  done
  mounts=("${kept[@]}")
}

# Runs a command inside a root with a clean environment.
in_root() {  # ROOT COMMAND…
  local r=$1
  shift
  chroot "$r" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
}
