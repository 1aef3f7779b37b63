import PageReelDeck

/// Takes a transition's placement of a page onto the deck's layout: the page's size and spacing,
/// where the current page rests, a vertical axis, right to left.
///
/// pagereel's own transitions (MAG's, the fold, the cube…) place pages along a horizontal axis,
/// left to right, with the page filling the viewport. For them a vertical layout is the same
/// placement with x and y exchanged (in the viewport and on the page, so page content reads the
/// right way), a smaller page is moved to where the layout rests it — `align` — and spacing adds
/// s·spacing along the axis. The libraries' transitions place pages in their own vertical forms
/// and rest them centred themselves (`native`); only `align: start` moves them. Right to left
/// mirrors the placement across the viewport while each page keeps its content unmirrored.
struct LayoutMapping {
    let layout: Layout
    /// The geometry the transition is given (for pagereel's own: along the paging axis).
    let geometry: PageGeometry
    let native: Bool
    /// The viewport and page sizes as laid out.
    let viewport: (width: Double, height: Double)
    let page: (width: Double, height: Double)

    init(deck: Deck, geometry real: PageGeometry, native: Bool) {
        peekReach = Self.peekReach(deck: deck)
        layout = deck.layout
        self.native = native
        viewport = (real.viewportWidth, real.viewportHeight)
        page = (real.width, real.height)
        if native || !layout.isVertical {
            geometry = real
        } else {
            geometry = PageGeometry(width: real.height, height: real.width, offset: real.offset, pageCount: real.pageCount,
                                    viewport: (real.viewportHeight, real.viewportWidth), spacing: real.spacing)
        }
    }

    /// How far pages smaller than the viewport can show, in pitches: from where the current page
    /// rests to the viewport's far edge, and one more.
    let peekReach: Double

    static func peekReach(deck: Deck) -> Double {
        let layout = deck.layout, page = deck.pageSize, viewport = deck.viewport
        let span = layout.isVertical ? viewport.height : viewport.width
        let size = layout.isVertical ? page.height : page.width
        guard span > size else { return 0 }
        let origin = layout.align == .start ? 0 : (span - size) / 2
        return (span - origin) / deck.pagePitch + 1
    }

    /// The quad as the layout places it.
    func mapped(_ quad: PlacedQuad, s: Double) -> PlacedQuad {
        var quad = quad
        let vertical = layout.isVertical
        // Along the transition's own axis (x for pagereel's own, the layout's for the libraries').
        let span = native ? (vertical ? viewport.height : viewport.width) : geometry.viewportWidth
        let size = native ? (vertical ? page.height : page.width) : geometry.width
        let centred = (span - size) / 2
        if native {
            if layout.align == .start {
                quad.transform = (vertical ? Matrix4.translation(0, -centred) : .translation(-centred, 0)) * quad.transform
            }
        } else {
            let along = (layout.align == .start ? 0 : centred) + s * geometry.spacing
            let across = (geometry.viewportHeight - geometry.height) / 2
            quad.transform = Matrix4.translation(along, across) * quad.transform
            if vertical {
                quad.transform = Self.swap * quad.transform * Self.swap
                quad.source = Rect(x: quad.source.y, y: quad.source.x, width: quad.source.height, height: quad.source.width)
            }
        }
        if layout.isRightToLeft {
            let mirrorViewport = Matrix4(rows: [[-1, 0, 0, viewport.width], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
            let mirrorPage = Matrix4(rows: [[-1, 0, 0, page.width], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
            quad.transform = mirrorViewport * quad.transform * mirrorPage
            quad.source = Rect(x: page.width - quad.source.x - quad.source.width, y: quad.source.y,
                               width: quad.source.width, height: quad.source.height)
        }
        return quad
    }

    /// Exchanges x and y.
    static let swap = Matrix4(rows: [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
}

extension PageTransition {
    /// Whether the transition places pages in vertical layouts and rests them centred itself (the
    /// libraries' transitions do).
    var handlesLayout: Bool { false }
}
