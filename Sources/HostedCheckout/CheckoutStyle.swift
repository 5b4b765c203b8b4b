@preconcurrency import Crypto
import Foundation

/// The checkout pages' one stylesheet, inline so the page loads nothing from anywhere, and
/// allowed by its hash alone (`style-src 'sha256-…'`), so the policy still refuses every other
/// style, script and resource.
enum CheckoutStyle {
    static let sheet = """
        body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f;background:#f5f5f7}\
        header{font-weight:600;color:#555;border-bottom:1px solid #ddd;margin-bottom:1rem;padding-bottom:.5rem}\
        h1{font-size:1.5rem;margin:.5rem 0}.price{font-size:1.25rem;font-weight:600}\
        label{display:block;margin:.75rem 0}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;\
        border:1px solid #bbb;border-radius:6px}button{font:inherit;padding:.5rem 1rem;margin:.75rem .5rem 0 0;border-radius:6px;\
        border:1px solid #0a58ca;background:#0a58ca;color:#fff;cursor:pointer}form+form button{background:#fff;color:#0a58ca}\
        .decline,.field-error,[role=alert]{color:#b00020;font-weight:600}a{color:#0a58ca}
        """

    /// The CSP source that admits exactly `sheet`.
    static let policySource = "'sha256-\(Data(SHA256.hash(data: Data(sheet.utf8))).base64EncodedString())'"
}
