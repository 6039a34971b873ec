import type { MailMessage } from "~/modules/mail/mail.server";

// The staff mails, plain text: the link is the whole point.
export function resetPasswordMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Reset your GLACIAL admin password",
    text: [
      "Someone asked to reset the password of your GLACIAL admin account.",
      "",
      `Choose a new password here (the link works for one hour, once): ${link}`,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function inviteMail(to: string, link: string, invitedBy: string): MailMessage {
  return {
    to,
    subject: "You are invited to the GLACIAL admin",
    text: [
      `${invitedBy} invited you to the GLACIAL admin.`,
      "",
      `Set your password here (the link works for 72 hours, once): ${link}`,
    ].join("\n"),
  };
}
