/// Usage text for `--help` and `help COMMAND`.
enum Help {
    static let version = "0.1.0"

    static let overview = """
    pagereel \(version) — demo videos of paged scroll views, from a JSON deck

    Usage:
      pagereel export DECK [-o PATH]... [--transition NAME] [--fps N] [--size WxH] [--frames A-B]
                      [--crf N] [--preset NAME] [--tune NAME] [--gif-fps N] [--gif-width N] [--loop N]
                      [--progress auto|plain|none] [-q] [--json]
      pagereel still DECK (--time SECONDS | --frame N) [--transition NAME] [--fps N] [--size WxH] -o OUT.png
      pagereel validate DECK...
      pagereel timeline DECK [--format csv|json] [--events] [--fps N] [-o PLOT.png [--size WxH]]
      pagereel bench DECK [--frames A-B] [--json]
      pagereel concat PART.mp4... -o OUT.mp4
      pagereel transitions [--sheet OUT.png]
      pagereel init [DIR]
      pagereel schema
      pagereel --version | --help | help COMMAND

    Outputs (-o, repeatable; the extension picks the format): .mp4 (H.264), .gif, .webm (VP9),
    .png (the first frame), or a folder ending in / (one PNG per frame, frame-000000.png).
    Without -o, export writes DECK.mp4 beside the deck.

    Exit codes: 0 ok, 64 usage, 65 invalid deck, 66 input missing, 70 internal error,
    73 cannot create output, 74 write failed, 130 SIGINT, 143 SIGTERM.

    Examples:
      pagereel export deck.json --transition cards -o demo.mp4 -o demo.gif
      pagereel still deck.json --time 1.5 -o frame.png
      pagereel validate Samples/*/deck.json
    """

    static let commands: [String: String] = [
        "export": """
        pagereel export DECK [-o PATH]... [flags]

        Renders the deck once and writes every output. Outputs are written under a temporary name
        and renamed into place only when the whole export succeeded.

          -o, --output PATH     .mp4, .gif, .webm, .png (first frame) or DIR/ (PNG per frame); repeatable
          --transition NAME     override the deck's transition (see the deck format)
          --fps N               frame rate 1…120 (the timeline is resampled, not retimed)
          --size WxH            output size; must keep the canvas's aspect ratio
          --frames A-B          render frames A…B only (0-based, inclusive): a shard
          --crf N               quality (H.264 default 18, VP9 default 32)
          --preset NAME         x264 preset (default medium)
          --tune NAME           x264 tune (default animation; none to disable)
          --gif-fps N           GIF frame rate (default: the video's)
          --gif-width N         GIF width in pixels (default: the video's)
          --loop N              GIF loops: 0 forever (default), -1 play once, N repeats
          --progress MODE       auto (bar on a terminal, lines otherwise), plain or none
          -q, --quiet           print nothing but errors
          --json                print a JSON summary on stdout

        Examples:
          pagereel export deck.json -o demo.mp4 -o demo.gif
          pagereel export deck.json --size 640x360 --gif-fps 15 -o small.gif
          pagereel export deck.json --frames 0-149 -o part1.mp4
        """,
        "still": """
        pagereel still DECK (--time SECONDS | --frame N) [--transition NAME] [--fps N] [--size WxH] -o OUT.png

        Renders one frame as a PNG.

        Examples:
          pagereel still deck.json --time 1.25 -o frame.png
          pagereel still deck.json --frame 40 --size 640x360 -o thumb.png
        """,
        "timeline": """
        pagereel timeline DECK [--format csv|json] [--events] [--fps N] [-o PLOT.png [--size WxH]]

        Prints the simulated scroll, one row per frame: frame,time,offset,position,velocity,phase
        (offset in points, position in pages, velocity in pt/s; phase is idle, dragging,
        decelerating, snapping, jumping, hinting or bouncing). --events prints the pages' lifecycle
        events instead, as JSON Lines: {"frame":37,"time":1.2333,"page":2,"event":"didAppear"}.
        -o draws position over time with the events marked (1200x600, or --size).

        Examples:
          pagereel timeline deck.json --fps 60 > scroll.csv
          pagereel timeline deck.json --events
          pagereel timeline deck.json -o plot.png
        """,
        "bench": """
        pagereel bench DECK [--frames A-B] [--json]

        Renders every frame (or frames A…B) without encoding and reports frames, seconds and
        frames per second; --json prints {"frames":300,"seconds":4.1,"fps":73.2}.

        Example:
          pagereel bench deck.json --json
        """,
        "init": """
        pagereel init [DIR]

        Writes a working deck to start from into DIR (default: the current folder, created if
        missing): deck.json with three pages, a script, and two images in images/. It never
        overwrites anything.

        Example:
          pagereel init demo && pagereel export demo/deck.json -o demo.mp4 -o demo.gif
        """,
        "concat": """
        pagereel concat PART.mp4... -o OUT.mp4

        Joins MP4 shards rendered with export --frames into one video by stream copy (no
        re-encode): every frame exactly once, timestamps continuing. The parts must come from the
        same deck and settings, given in order.

        Example:
          pagereel export deck.json --frames 0-149 -o a.mp4
          pagereel export deck.json --frames 150-299 -o b.mp4
          pagereel concat a.mp4 b.mp4 -o demo.mp4
        """,
        "transitions": """
        pagereel transitions [--sheet OUT.png]

        Lists the transition names, one per line. --sheet renders a labelled contact sheet of every
        transition half way through a swipe.

        Examples:
          pagereel transitions
          pagereel transitions --sheet transitions.png
          pagereel export deck.json --transition fold -o fold.mp4
        """,
        "schema": """
        pagereel schema

        Prints the JSON Schema (draft 2020-12) of the deck format on stdout: every key with its type,
        default, limits and a description. Editors use it to complete keys, show what each one does
        and flag mistakes as you type; any JSON Schema validator can check decks with it in CI.
        pagereel validate checks more than a schema can: tab titles against the page count, jump and
        tap targets, the viewport inside the canvas, the script's length, images and fonts.

        A deck cannot name its schema with a "$schema" key (unknown keys are errors), so map deck
        files to it in the editor. In VS Code, in .vscode/settings.json:

          "json.schemas": [
            { "fileMatch": ["deck.json", "*.deck.json"], "url": "./deck.schema.json" }
          ]

        Example:
          pagereel schema > deck.schema.json
        """,
        "validate": """
        pagereel validate DECK...

        Checks decks without rendering: JSON, every key and value, the script, and that every image
        and font exists. Reports every problem with its JSON path; exit 65 (invalid) or 66 (missing file).

        Example:
          pagereel validate Samples/*/deck.json
        """,
    ]
}
