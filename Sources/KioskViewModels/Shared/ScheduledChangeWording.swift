import Foundation
import PaymentsCore

/// A plan change waiting for the renewal, worded once for every screen and `kiosk status`:
/// "Switches to Pro Yearly on Jan 5, 2027: $99.99". The amount is the preview's next charge,
/// which the core computes from the renewal's own terms, so it is what the renewal charges.
public enum ScheduledChangeWording {
    public static func text(_ preview: PlanChangePreview, catalog: Catalog?) -> String {
        "Switches to \(ProductWording.name(preview.toProductID, in: catalog)) on "
            + "\(DateWording.day(preview.nextChargeDate)): \(preview.nextChargeAmount.formatted())"
    }

    /// What cancelling does to it: a cancelled subscription does not renew, so nothing switches.
    public static func onCancel(_ preview: PlanChangePreview, catalog: Catalog?) -> String {
        "The switch to \(ProductWording.name(preview.toProductID, in: catalog)) on "
            + "\(DateWording.day(preview.nextChargeDate)) will not happen."
    }

    /// On a cancelled subscription: the change stays recorded and comes back with a resume.
    public static func whileCancelled(_ preview: PlanChangePreview, catalog: Catalog?) -> String {
        "Scheduled switch to \(ProductWording.name(preview.toProductID, in: catalog)) will not happen "
            + "unless you resume (then \(preview.nextChargeAmount.formatted()) on \(DateWording.day(preview.nextChargeDate)))."
    }
}
