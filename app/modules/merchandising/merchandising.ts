import { z } from "zod";
import { versionField } from "~/lib/version-field";

// The merchandising module's browser-safe face: the forms of the hero carousel, checked by the
// browser before sending and by the action again.

const alt = z.string().trim().min(1, "Alt text is required: describe the image for people who cannot see it.").max(200, "Keep alt text under 200 characters.");
const version = versionField;
export const heroUploadForm = z.object({ alt, version });
export const heroPickForm = z.object({ mediaId: z.string().uuid("Choose an image."), alt, version });
export const heroSaveForm = z.object({ version, images: z.array(z.object({ url: z.string().min(1), alt })).max(20, "At most 20 slides.") });
