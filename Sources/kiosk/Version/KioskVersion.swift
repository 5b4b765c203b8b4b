/// What `kiosk --version` prints: the release, the commit the binary was built from and the
/// compiler (both recorded at build time by scripts/build-info.sh), so a bug report or a package
/// names exactly what runs.
enum KioskVersion {
    /// The release; scripts/package-deb names the package after it.
    static let release = "0.3.0"

    static var text: String {
        """
        kiosk \(release)
        commit \(BuildInfo.commit)
        \(BuildInfo.compiler)
        """
    }
}
