import { RejectedInputError } from "~/lib/save-outcome";

/**
 * An upload the shop will not keep because of the file itself (its type, its contents, its
 * picture size): bad input, whose HTTP status the shared refusal mapping gives. A file over the
 * size limit is a TooLargeError and a full disk a StorageFull, each its own kind there.
 */
export class UploadRejected extends RejectedInputError {
  constructor(message: string) {
    super({}, message);
  }
}
