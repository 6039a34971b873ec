// The staff module's face for server code: the only file of it that code outside the module imports
// (besides staff.ts, its browser-safe face).
export { type Auth, createAuth } from "./auth.server";
export { announceFirstRun, completeSetup, isSetupOpen } from "./first-run.server";
export { getStaff, requireActionPermission, requireOperation, requirePagePermission, requireStaffAction, requireStaffPage, requireUuid } from "./guard.server";
export { clientIpOf } from "./login-throttle.server";
export { confirmEnrolment, disableMfa, startEnrolment } from "./mfa.server";
export { currentShopper, registerShopper, signInShopper, signOutShopper, verifyShopperEmail } from "./shopper-auth.server";
export { eraseShopperAccount, forgetSignInAttempts, listShopperAccounts, type ShopperAccount, shopperAccount } from "./shopper-accounts.server";
export { requestPasswordReset, resetPasswordAndSignIn, resetTokenUser, signInStaff, signOutStaff, verifySecondFactor } from "./sign-in.server";
export { changeRoles, inviteStaff, listStaff, sendPasswordReset, setDeactivated, staffOptions } from "./staff-admin.server";
export { listStaffWithRoles, type StaffMember, staffNames } from "./staff-directory.server";
export { sendResetPasswordMail, verifyEmailMail } from "./staff-mail.server";
export { setRequireMfa } from "./staff-security.server";
export { staffUserInput, type StaffUserInput, upsertStaffUser } from "./staff-users.server";
