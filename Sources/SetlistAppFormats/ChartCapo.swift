import SetlistModel

extension Chart {
    /// The chart as the shapes for a capo on fret `capo` (nil or 0: the chords as they sound),
    /// sounding as it does now: moved from the key it sounds in to that key less the capo. Other
    /// apps keep a chart as it sounds and a capo beside it; setlist keeps the shapes and the capo
    /// (``capo``). Nil when the chart has no key to move from.
    public func reshaped(forCapo capo: Int?) -> Chart? {
        let frets = capo.flatMap { $0 > 0 ? $0 : nil }
        guard frets != self.capo else { return self }
        guard let sounding = soundingKey else { return nil }
        var shapes = shown(in: frets.map { sounding.transposed(by: -$0) } ?? sounding, notation: notation)
        shapes.capo = frets
        return shapes
    }
}
