import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkImageFile, uploadImage, uploadMessages, UploadError } from '../../services/uploads';

export type UploadStatus = 'empty' | 'uploading' | 'done' | 'failed';

export interface ImageUpload {
  status: UploadStatus;
  /** 0–100 while uploading. */
  percent: number;
  /** The server's URL of the image, once uploaded. */
  fileUrl: string | null;
  /** A local object URL of the chosen image, for its preview. */
  previewUrl: string | null;
  fileName: string | null;
  error: MessageDescriptor | null;
}

const EMPTY: ImageUpload = {
  status: 'empty',
  percent: 0,
  fileUrl: null,
  previewUrl: null,
  fileName: null,
  error: null,
};

/**
 * Uploads an image as soon as it is chosen, with its progress and a local preview. Choosing
 * another image cancels the upload under way; leaving the screen cancels it too and frees
 * the preview's object URL.
 */
export function useImageUpload(): {
  upload: ImageUpload;
  choose: (file: File) => void;
  clear: () => void;
} {
  const [upload, setUpload] = useState<ImageUpload>(EMPTY);
  const controller = useRef<AbortController | null>(null);
  const previewUrl = useRef<string | null>(null);

  const release = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
  }, []);

  useEffect(() => release, [release]);

  const clear = useCallback(() => {
    release();
    setUpload(EMPTY);
  }, [release]);

  const choose = useCallback(
    (file: File) => {
      release();
      const refusal = checkImageFile(file);
      if (refusal) {
        setUpload({ ...EMPTY, status: 'failed', fileName: file.name, error: refusal });
        return;
      }
      const preview = URL.createObjectURL(file);
      previewUrl.current = preview;
      const current = new AbortController();
      controller.current = current;
      setUpload({ ...EMPTY, status: 'uploading', previewUrl: preview, fileName: file.name });
      uploadImage(file, {
        signal: current.signal,
        onProgress: (percent) => {
          if (!current.signal.aborted) setUpload((state) => ({ ...state, percent }));
        },
      }).then(
        (fileUrl) => {
          if (current.signal.aborted) return;
          setUpload((state) => ({ ...state, status: 'done', percent: 100, fileUrl }));
        },
        (error: unknown) => {
          if (current.signal.aborted) return;
          const reason = error instanceof UploadError ? error.reason : uploadMessages.failed;
          setUpload((state) => ({ ...state, status: 'failed', error: reason }));
        },
      );
    },
    [release],
  );

  return { upload, choose, clear };
}
