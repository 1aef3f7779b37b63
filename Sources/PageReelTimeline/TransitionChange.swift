import PageReelDeck

/// A script step's switch to another transition, from `time` on.
public struct TransitionChange: Sendable, Equatable {
    public var time: Double
    public var transition: TransitionSpec

    public init(time: Double, transition: TransitionSpec) {
        self.time = time
        self.transition = transition
    }
}
