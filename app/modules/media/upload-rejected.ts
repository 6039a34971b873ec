/** An upload the shop will not keep: the uploader's fault (400), or the shop's storage is full (507). */
export class UploadRejected extends Error {
  constructor(
    message: string,
    readonly status: 400 | 507 = 400,
  ) {
    super(message);
  }
}
