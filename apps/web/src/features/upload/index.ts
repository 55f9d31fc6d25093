/** Media upload to the caching service's media store (Blossom, kind 24242 authorization, XHR progress). */
export { imetaTag, type UploadedFile } from './imeta.ts';
export { mediaServerOrigin } from './media-server.ts';
export { isUploadAborted, UploadError, type UploadErrorCode } from './upload-error.ts';
export { fileSha256, type UploadOptions, uploadFile } from './upload-file.ts';
export { UploadList } from './upload-list.tsx';
export { uploadErrorMessage } from './upload-messages.ts';
export {
  checkUpload,
  isUploadableType,
  PREMIUM_UPLOAD_LIMIT_BYTES,
  UPLOAD_LIMIT_BYTES,
  type UploadRefusal,
  uploadLimit,
} from './upload-rules.ts';
export { type UploadItem, type Uploads, useUploads } from './use-uploads.ts';
