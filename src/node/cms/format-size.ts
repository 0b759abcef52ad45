/** A byte count as people read it in an error message, in decimal units as `MEDIA_MAX_BYTES` and `CMS_MAX_BYTES` are written: `50 MB`, `1.5 KB`, `12 bytes`. */
export function formatSize(bytes: number): string {
  return bytes >= 1_000_000 ? `${+(bytes / 1_000_000).toFixed(1)} MB` : bytes >= 1_000 ? `${+(bytes / 1_000).toFixed(1)} KB` : `${bytes} bytes`;
}
