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
