import Testing
@testable import TerminalUI

/// The QR widget's drawing decodes back to the symbol libqrencode made: every module, the
/// finder patterns in three corners, and a light quiet zone around it.
@Suite struct QRCodeTests {
    static let url = "https://example.com/"

    @Test func aShortURLIsAVersion2SymbolOf25Modules() throws {
        let matrix = try QRMatrix.encode(Self.url)
        #expect(matrix.version == 2)
        #expect(matrix.width == 25)
    }

    @Test func aCheckoutLinkFitsAVersion4Symbol() throws {
        let matrix = try QRMatrix.encode("http://127.0.0.1:49152/checkout/cks_0123456789abcdefghijABCD")
        #expect(matrix.width == 33)
        #expect(QRCode.size(of: matrix, drawing: .halfBlocks) == Size(width: 37, height: 19))
        #expect(QRCode.size(of: matrix, drawing: .ascii) == Size(width: 74, height: 37))
    }

    @Test func theSymbolHasFinderPatternsInThreeCornersAndNotTheFourth() throws {
        let matrix = try QRMatrix.encode(Self.url)
        let last = matrix.width - 7
        for (x, y) in [(0, 0), (last, 0), (0, last)] {
            #expect(Self.isFinder(matrix, x: x, y: y), "no finder at \(x),\(y)")
        }
        #expect(!Self.isFinder(matrix, x: last, y: last))
    }

    @Test(arguments: [QRCode.Drawing.halfBlocks, .ascii])
    func theDrawingDecodesBackToEveryModuleWithAQuietZone(drawing: QRCode.Drawing) throws {
        let matrix = try QRMatrix.encode(Self.url)
        let widget = QRCode(matrix: matrix, drawing: drawing, quietZone: 2)
        let size = widget.size
        let buffer = renderedBuffer(widget, width: size.width, height: size.height)
        let decoded = try Self.decode(buffer, drawing: drawing)
        #expect(decoded.count == matrix.width + 4)
        for y in 0..<decoded.count {
            for x in 0..<decoded.count {
                #expect(decoded[y][x] == matrix[x - 2, y - 2], "module \(x - 2),\(y - 2)")
            }
        }
        #expect(decoded[0].allSatisfy { !$0 } && decoded[1].allSatisfy { !$0 })
        #expect(decoded[2][2], "the top-left finder's corner is dark")
    }

    @Test func halfBlocksPutTwoModuleRowsInOneCellRow() throws {
        let matrix = try QRMatrix.encode(Self.url)
        let lines = renderedLines(QRCode(matrix: matrix, drawing: .halfBlocks, quietZone: 1), width: 27, height: 14)
        // Row 0 of cells holds the quiet zone over the finder's dark top edge: lower halves.
        #expect(lines[0].hasPrefix(" ▄▄▄▄▄▄▄ "))
        // Cell row 1 holds module rows 1 (the finder's light ring) and 2 (the top of its dark core).
        #expect(lines[1].hasPrefix(" █ ▄▄▄ █"))
    }

    @Test func tooSmallAnAreaDrawsNothingRatherThanAnUnscannableHalf() throws {
        let matrix = try QRMatrix.encode(Self.url)
        let lines = renderedLines(QRCode(matrix: matrix), width: 20, height: 10)
        #expect(lines.allSatisfy { $0.isEmpty })
    }

    @Test(arguments: [("", QRCodeError.empty), (String(repeating: "a", count: 3000), .tooLong(byteCount: 3000))])
    func emptyAndOverlongTextsAreErrors(text: String, expected: QRCodeError) {
        do {
            _ = try QRMatrix.encode(text)
            Issue.record("encoded \(text.utf8.count) bytes")
        } catch {
            #expect(error == expected)
        }
    }

    @Test func theGlyphSetChoosesTheDrawing() throws {
        let matrix = try QRMatrix.encode(Self.url)
        #expect(QRCode(matrix: matrix, glyphs: .unicode).drawing == .halfBlocks)
        #expect(QRCode(matrix: matrix, glyphs: .ascii).drawing == .ascii)
    }

    /// A 7x7 finder: dark outer ring, light ring, dark 3x3 core.
    static func isFinder(_ matrix: QRMatrix, x: Int, y: Int) -> Bool {
        (0..<7).allSatisfy { row in
            (0..<7).allSatisfy { column in
                let ring = min(row, column, 6 - row, 6 - column)
                return matrix[x + column, y + row] == (ring != 1)
            }
        }
    }

    /// Reads the modules back from the cells, quiet zone included.
    static func decode(_ buffer: Buffer, drawing: QRCode.Drawing) throws -> [[Bool]] {
        switch drawing {
        case .halfBlocks:
            let side = buffer.size.width
            var rows = Array(repeating: Array(repeating: false, count: side), count: 2 * buffer.size.height)
            for y in 0..<buffer.size.height {
                for x in 0..<side {
                    let text = buffer[x, y].text
                    rows[2 * y][x] = text == "█" || text == "▀"
                    rows[2 * y + 1][x] = text == "█" || text == "▄"
                }
            }
            return Array(rows.prefix(side))
        case .ascii:
            return (0..<buffer.size.height).map { y in
                (0..<(buffer.size.width / 2)).map { x in buffer[2 * x, y].text == "#" && buffer[2 * x + 1, y].text == "#" }
            }
        }
    }
}
