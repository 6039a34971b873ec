// The media module's face for server code: the only file of it that code outside the module imports
// (besides media.ts, its browser-safe face).
export { createImageTransformer, parseImageRequest } from "./image-transform.server";
export {
  deleteProductMediaRows,
  listImageLibrary,
  listProductMedia,
  MediaNotFound,
  mediaFileNamesOf,
  recordProductImage,
  removeStoredFiles,
  reorderProductMedia,
  setPrimaryMedia,
  storeProductImageFile,
  unusedObjectNames,
  updateMediaDetails,
  type UploadInput,
  uploadLibraryImage,
  uploadProductImage,
  UploadRejected,
} from "./media-library.server";
export { attachImportedImages } from "./imported-images.server";
export { listRecentImages } from "./media-picker.server";
export { type S3Config, s3Storage } from "./s3-storage.server";
export { media } from "./schema";
export { findImage, imageFileExists, listPickableImages, recordSiteImage, storeSiteImageFile } from "./site-images.server";
export { localDiskStorage, type MediaStorage, sweepPartialWrites } from "./storage.server";
