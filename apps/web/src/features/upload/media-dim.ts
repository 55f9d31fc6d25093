const DIM_TIMEOUT_MS = 5000;

function fromImage(url: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth ? `${img.naturalWidth}x${img.naturalHeight}` : undefined);
    img.onerror = () => resolve(undefined);
    img.src = url;
  });
}

function fromVideo(url: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => resolve(video.videoWidth ? `${video.videoWidth}x${video.videoHeight}` : undefined);
    video.onerror = () => resolve(undefined);
    video.src = url;
  });
}

/** The pixel size of an image or video file as `<width>x<height>`, or undefined when it cannot be read in 5 s. */
export async function mediaDimensions(file: Blob): Promise<string | undefined> {
  if (typeof URL.createObjectURL !== 'function' || typeof document === 'undefined') return undefined;
  const url = URL.createObjectURL(file);
  try {
    const read = file.type.startsWith('video/') ? fromVideo(url) : fromImage(url);
    const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), DIM_TIMEOUT_MS));
    return await Promise.race([read, timeout]);
  } finally {
    URL.revokeObjectURL(url);
  }
}
