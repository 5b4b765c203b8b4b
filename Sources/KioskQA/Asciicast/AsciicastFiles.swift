import Foundation
import PaymentsCore

/// Where recordings go: owner-only files written through a temporary file and a rename, in
/// owner-only folders. Every failure names the path.
public enum AsciicastFiles {
    /// A path that cannot hold a recording, found before anything is played.
    public struct PathError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks that `file` can be written: not a folder, its folder exists.
    public static func checkFile(_ file: String) throws(PathError) {
        guard !file.isEmpty else { throw PathError(description: "--asciicast needs a file name") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            throw PathError(description: "\(file): is a folder, not a file")
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PathError(description: "\(file): cannot create it: the folder \(folder.path) does not exist")
        }
    }

    /// Makes `folder` (owner-only, with missing parents) unless it exists as a folder.
    public static func prepareFolder(_ folder: String) throws(PathError) {
        guard !folder.isEmpty else { throw PathError(description: "--asciicast needs a folder name") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw PathError(description: "\(folder): is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw PathError(description: "\(folder): cannot create the folder: \(error.localizedDescription)")
        }
    }

    /// Writes one recording as `file`.
    public static func write(_ text: String, to file: URL) throws {
        try OwnerOnlyFiles.write(Data(text.utf8), to: file)
    }

    /// Writes each result's recording into `folder` as NAME.cast (NAME from the scenario file, as
    /// transcripts are named); returns the paths written.
    public static func write(_ results: [ScenarioResult], to folder: URL) throws -> [String] {
        var written: [String] = []
        for (result, name) in zip(results, TranscriptWriter.fileNames(results)) {
            guard let text = result.asciicast else { continue }
            let file = folder.appendingPathComponent(name + ".cast")
            try write(text, to: file)
            written.append(file.path)
        }
        return written
    }
}
