/// The xterm 256-colour palette: 16 system colours, a 6x6x6 colour cube (16–231) and 24 greys
/// (232–255). 24-bit colours are shown on 256-colour terminals as the nearest cube or grey entry;
/// the system colours are never chosen, because each terminal's scheme redefines them.
public enum Xterm256 {
    /// The channel values of the cube's six steps.
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The nearest entry of 16–255 by squared RGB distance. The cube's nearest entry is the nearest
    /// step per channel and the nearest grey is the one nearest the channels' mean, so comparing
    /// just those two candidates finds the nearest of all 240.
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let target = [Int(red), Int(green), Int(blue)]
        let steps = target.map { value in cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) } ?? 0 }
        let cube = (index: 16 + 36 * steps[0] + 6 * steps[1] + steps[2], channels: steps.map { cubeLevels[$0] })
        let mean = target.reduce(0, +) / 3
        let greyStep = min(23, max(0, (mean - 8 + 5) / 10))
        let greyLevel = 8 + 10 * greyStep
        let grey = (index: 232 + greyStep, channels: [greyLevel, greyLevel, greyLevel])
        let best = distance(target, cube.channels) <= distance(target, grey.channels) ? cube.index : grey.index
        return UInt8(best)
    }

    /// The colour an entry stands for, with xterm's own values for the system colours.
    public static func rgb(of index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let value = Int(index)
        let channels: [Int]
        switch value {
        case 0..<16:
            channels = systemColors[value]
        case 16..<232:
            let cube = value - 16
            channels = [cube / 36, cube / 6 % 6, cube % 6].map { cubeLevels[$0] }
        default:
            let level = 8 + 10 * (value - 232)
            channels = [level, level, level]
        }
        return (UInt8(channels[0]), UInt8(channels[1]), UInt8(channels[2]))
    }

    private static let systemColors = [
        [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
        [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
    ]

    private static func distance(_ lhs: [Int], _ rhs: [Int]) -> Int {
        zip(lhs, rhs).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }
}
