/// Why a folder cannot take an export, said in the "Export to" dialog before anything is written.
public struct ExportFolderProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    static func missing(_ path: String) -> ExportFolderProblem {
        ExportFolderProblem(description: "\(path) does not exist. Type a folder that does; nothing was written.")
    }

    static func notAFolder(_ path: String) -> ExportFolderProblem {
        ExportFolderProblem(description: "\(path) is a file, not a folder. Type a folder; nothing was written.")
    }

    static func notWritable(_ path: String) -> ExportFolderProblem {
        ExportFolderProblem(description: "\(path) is not writable by you. Type another folder; nothing was written.")
    }
}
