import { authMessages, MAX_IMAGE_BYTES } from "@eitheror/shared/auth/schema";
import { useEffect, useState } from "react";

const maxMegabytes = MAX_IMAGE_BYTES / (1024 * 1024);

/**
 * A photo picked for upload, previewed from memory before anything is sent. A
 * file that is not an image, or too big to be accepted, is refused here,
 * without a round trip ('Only image files are allowed.', docs/product.md#validation).
 */
export function useImageChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Each preview holds the file in memory until its URL is revoked.
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const choose = (chosen: File) => {
    if (!chosen.type.startsWith("image/")) {
      setError(authMessages.onlyImages);
      return;
    }
    if (chosen.size > MAX_IMAGE_BYTES) {
      setError(`This image is too large. The limit is ${maxMegabytes} MB.`);
      return;
    }
    setError(null);
    setFile(chosen);
    setPreviewUrl(URL.createObjectURL(chosen));
  };

  const clear = () => {
    setFile(null);
    setPreviewUrl(null);
    setError(null);
  };

  return { file, previewUrl, error, choose, clear };
}

export type ImageChoice = ReturnType<typeof useImageChoice>;
