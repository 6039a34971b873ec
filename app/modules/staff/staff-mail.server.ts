import type { MailMessage, Mailer } from "~/modules/mail/mail.server";

// The staff mails. The password reset and the invitation are templates staff may edit (the
// link is the whole point: the templates' defaults keep it in the text); the sign-up mails below
// stay in code, plain text.

type TemplateMailer = Pick<Mailer, "sendTemplate">;

export async function sendResetPasswordMail(mailer: TemplateMailer, to: string, link: string): Promise<void> {
  await mailer.sendTemplate("password_reset", to, { "user.email": to, "reset.link": link });
}

export async function sendInviteMail(mailer: TemplateMailer, to: string, link: string, invitedBy: string): Promise<void> {
  await mailer.sendTemplate("staff_invitation", to, { "user.email": to, "invite.link": link, "invite.invited_by": invitedBy });
}

export function verifyEmailMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirm your email for GLACIAL",
    text: [
      "Welcome to GLACIAL! Confirm that this is your email address to finish creating your account:",
      "",
      `${link}`,
      "",
      "The link works for 24 hours. If you did not create an account, ignore this mail.",
    ].join("\n"),
  };
}

export function accountExistsMail(to: string, signInLink: string): MailMessage {
  return {
    to,
    subject: "You already have a GLACIAL account",
    text: [
      "Someone (we hope you) tried to create a GLACIAL account with this email address, but it already has one.",
      "",
      `Sign in here: ${signInLink}`,
      "",
      "If you have forgotten your password, write to us from this address and we will help. If it was not you, ignore this mail: nothing has changed.",
    ].join("\n"),
  };
}
